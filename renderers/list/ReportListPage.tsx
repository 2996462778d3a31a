import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Space, Spin, Table, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { PopupColumns, PopupQueryItem } from '../../registry/pickers/popup-api';
import { exportFileName } from '../../src/shared/time';
import { formatThousands } from '../../src/runtime/list/column-settings';
import ReportQueryForm from './ReportQueryForm';
import { PAGE_SIZE_OPTIONS, totalText } from '../../src/runtime/list/list-state';
import { ellipsisText } from '../../src/runtime/util/text';
import { useLatestGuard } from '../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { LIST_TEXT } from '../../src/runtime/list/list-texts';
import ReportDashboard from '../dashboard/ReportDashboard';
import { formatFigure } from '../../src/runtime/util/figures';

type Row = Record<string, unknown>;
const API = '/online/cgreport/api';

function cellText(col: PopupColumns['columns'][number], value: unknown, dicts: PopupColumns['dictOptions']): string {
  if (value === null || value === undefined) return '';
  if (col.fieldType === 'Double' && !col.customRender) return formatFigure(value, 'money');
  const dict = col.customRender ? dicts[col.customRender] : undefined;
  if (dict) {
    return String(value)
      .split(',')
      .map((v) => dict.find((d) => String(d.value) === v)?.text ?? v)
      .join(',');
  }
  return ellipsisText(String(value));
}

/**
 * The report auto list (spec 2.2 "report auto list", route `/online/cgreport/:code`): the
 * report's columns from getRpColumns (dictionary texts; numbers right-aligned, text left), its
 * query fields from getQueryInfo (ReportQueryForm: dictionaries as selects, ranges), rows from
 * getData with paging 10/20/30, 共N条 and sorting, a 合计 row of the columns marked total (sums
 * over the whole query) and 导出 of the same query as `{report}_{yyyyMMdd}.xlsx`
 * (api-contract §8). A failure shows the server's message. `code` (a report id or code) replaces
 * the route's, for a preview outside the route (the report designer).
 */
export default function ReportListPage({ code: codeProp }: { code?: string; entry?: unknown }) {
  const params = useParams();
  const code = codeProp ?? params.code;
  const { request, user, defaultPageSize } = useRuntimeContext();
  const [head, setHead] = useState<PopupColumns | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [queryItems, setQueryItems] = useState<PopupQueryItem[]>([]);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: defaultPageSize ?? 10 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [data, setData] = useState<{ records: Row[]; total: number; totals?: Row }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!code) return;
    let live = true;
    request.get<PopupColumns>(`${API}/getRpColumns/${encodeURIComponent(code)}`).then(
      (res) => {
        if (!live) return;
        if (!res.success) return setError(res.message);
        setHead(res.result);
        // a failed call has been shown by the request layer; the report still lists without a query form
        void request.get<PopupQueryItem[]>(`${API}/getQueryInfo/${encodeURIComponent(res.result.cgRpConfigId)}`).then(
          (q) => {
            if (!live) return;
            if (q.success) setQueryItems(Array.isArray(q.result) ? q.result : []);
            else message.warning(q.message);
          },
          () => undefined,
        );
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [code, request]);

  const guard = useLatestGuard();
  // a later page, sort or query supersedes an answer still on its way
  const load = useCallback(async () => {
    if (!head) return;
    setLoading(true);
    const done = await guard.run(
      () =>
        request.get<{ records: Row[]; total: number; totals?: Row }>(`${API}/getData/${encodeURIComponent(head.cgRpConfigId)}`, {
          ...filters,
          ...page,
          ...(sort.column ? { column: sort.column, order: sort.order } : {}),
        }),
      (res) =>
        res.success
          ? setData({ records: res.result.records ?? [], total: res.result.total ?? 0, totals: res.result.totals })
          : message.warning(res.message),
    );
    if (done || !guard.pending) setLoading(false);
  }, [head, request, filters, page, sort, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!user) return <Alert type="warning" showIcon message={LIST_TEXT.noUser} />;
  if (error) return <Alert type="warning" showIcon message={error} />;
  if (!head) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const columns: TableColumnsType<Row> = head.columns.map((c) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width,
    sorter: true,
    sortOrder: sort.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (v: unknown) => cellText(c, v, head.dictOptions ?? {}),
  }));
  const numeric = (c: PopupColumns['columns'][number]) => ['Integer', 'Long', 'Double'].includes(c.fieldType ?? '');
  columns.forEach((col, i) => (col.align = numeric(head.columns[i]) ? 'right' : 'left'));
  const totalled = head.columns.some((c) => c.isTotal === '1');
  const exportXls = async () => {
    if (!request.download) return;
    setExporting(true);
    try {
      const res = await request.download(
        `${API}/exportXls/${encodeURIComponent(head.cgRpConfigId)}`,
        { ...filters, ...(sort.column ? { column: sort.column, order: sort.order } : {}) },
        exportFileName(head.cgRpConfigName ?? String(code)),
      );
      if (!res.success) message.warning(res.message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="borderless" className="report-list" data-report={code}>
      {head.dashboard && <ReportDashboard reportId={head.cgRpConfigId} />}
      <ReportQueryForm
        items={queryItems}
        onSearch={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXls()} data-testid="report-export">
          导出
        </Button>
      </Space>
      <Table<Row>
        rowKey={(r) => String(r.id ?? JSON.stringify(r))}
        size="middle"
        bordered
        loading={loading}
        columns={columns}
        dataSource={data.records}
        scroll={{ x: 'max-content' }}
        summary={
          totalled
            ? () => (
                <Table.Summary.Row data-testid="report-totals">
                  {head.columns.map((c, i) => (
                    <Table.Summary.Cell key={c.dataIndex} index={i} align={c.isTotal === '1' ? 'right' : 'left'}>
                      {c.isTotal === '1' ? formatThousands(data.totals?.[c.dataIndex] ?? null) : i === 0 ? LIST_TEXT.total : null}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data.total,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: totalText,
        }}
        onChange={(p, _f, sorter, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setSort(one?.order ? { column: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : {});
          } else setPage({ pageNo: p.pageSize === page.pageSize ? (p.current ?? 1) : 1, pageSize: p.pageSize ?? 10 });
        }}
      />
    </Card>
  );
}
