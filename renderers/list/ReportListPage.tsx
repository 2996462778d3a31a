import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, Row, Space, Spin, Table, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { popupQueryParams, type PopupColumns, type PopupQueryItem } from '../../registry/pickers/popup-api';
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
 * report's columns from getRpColumns (dictionary texts), its query fields from getQueryInfo
 * (single or begin/end), rows from getData with paging 10/20/30, 共N条 and sorting
 * (api-contract §8). A failure shows the server's message.
 */
export default function ReportListPage() {
  const { code } = useParams();
  const { request, user } = useRuntimeContext();
  const [head, setHead] = useState<PopupColumns | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [queryItems, setQueryItems] = useState<PopupQueryItem[]>([]);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [data, setData] = useState<{ records: Row[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();

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
        request.get<{ records: Row[]; total: number }>(`${API}/getData/${encodeURIComponent(head.cgRpConfigId)}`, {
          ...filters,
          ...page,
          ...(sort.column ? { column: sort.column, order: sort.order } : {}),
        }),
      (res) => (res.success ? setData({ records: res.result.records ?? [], total: res.result.total ?? 0 }) : message.warning(res.message)),
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
  const search = () => {
    setFilters(popupQueryParams(queryItems, form.getFieldsValue()));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <Card variant="borderless" className="report-list" data-report={code}>
      {head.dashboard && <ReportDashboard reportId={head.cgRpConfigId} />}
      {queryItems.length > 0 && (
        <Form form={form} onFinish={search} style={{ marginBottom: 8 }}>
          <Row gutter={16}>
            {queryItems.map((q) => (
              <Col key={q.field} xs={24} sm={12} md={8}>
                {q.mode === 'group' ? (
                  <Form.Item label={q.label}>
                    <Space.Compact block>
                      <Form.Item name={`${q.field}_begin`} noStyle>
                        <Input placeholder="开始" />
                      </Form.Item>
                      <Form.Item name={`${q.field}_end`} noStyle>
                        <Input placeholder="结束" />
                      </Form.Item>
                    </Space.Compact>
                  </Form.Item>
                ) : (
                  <Form.Item name={q.field} label={q.label}>
                    <Input placeholder={`请输入${q.label}`} allowClear />
                  </Form.Item>
                )}
              </Col>
            ))}
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            >
              重置
            </Button>
          </Space>
        </Form>
      )}
      <Table<Row>
        rowKey={(r) => String(r.id ?? JSON.stringify(r))}
        size="middle"
        bordered
        loading={loading}
        columns={columns}
        dataSource={data.records}
        scroll={{ x: 'max-content' }}
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
