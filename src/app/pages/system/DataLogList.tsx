import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Space, Table, Typography, message } from 'antd';
import { usePagedList } from './usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { compareDataVersions, type VersionDiff } from '../../../shared/data-log-compare';
import { NOTICE_T } from '../../locale/zh-CN';

/** A row of GET /sys/dataLog/list (api-contract §5.6 SysDataLog). */
interface DataLogRow {
  id: string;
  dataTable: string;
  dataId: string;
  dataContent: string | null;
  dataVersion: number;
  createBy: string | null;
  createTime: string | null;
}

interface Filters {
  dataTable?: string;
  dataId?: string;
}

/**
 * 数据日志 (/sys/dataLog-list, component system/DataLogList): the versions kept
 * for each edit of a business record, filtered by table and record id, paged 10/20/30; select
 * two versions of one record and 数据比较 shows them field by field (changed fields marked,
 * 只看差异 hides the rest) from GET /sys/dataLog/queryCompareList.
 */
export default function DataLogList() {
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<DataLogRow[]>([]);
  const [compare, setCompare] = useState<{ v1: DataLogRow; v2: DataLogRow } | null>(null);

  const params = useCallback(() => {
    const p: Record<string, unknown> = {};
    if (filters.dataTable) p.dataTable = `*${filters.dataTable}*`;
    if (filters.dataId) p.dataId = filters.dataId;
    return p;
  }, [filters]);
  const list = usePagedList<DataLogRow>('/sys/dataLog/list', params);

  const openCompare = async () => {
    const [a, b] = selected;
    if (selected.length !== 2 || a.dataTable !== b.dataTable || a.dataId !== b.dataId) {
      message.warning(NOTICE_T.compareNeedTwo);
      return;
    }
    const [older, newer] = a.dataVersion <= b.dataVersion ? [a, b] : [b, a];
    const res = await request.get<DataLogRow[]>('/sys/dataLog/queryCompareList', { dataId1: older.id, dataId2: newer.id });
    if (!res.success || !Array.isArray(res.result) || res.result.length !== 2) {
      message.warning(res.message || NOTICE_T.compareNeedTwo);
      return;
    }
    const v1 = res.result.find((r) => r.id === older.id) ?? res.result[0];
    const v2 = res.result.find((r) => r.id === newer.id) ?? res.result[1];
    setCompare({ v1, v2 });
  };

  return (
    <Card variant="borderless" data-page="data-log">
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => {
          setFilters(v);
          list.toFirstPage();
        }}
      >
        <Form.Item name="dataTable" label={NOTICE_T.dataTable}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="dataId" label={NOTICE_T.dataId}>
          <Input allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {NOTICE_T.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
              list.toFirstPage();
            }}
          >
            {NOTICE_T.reset}
          </Button>
          <Button onClick={() => void openCompare()} data-testid="data-log-compare">
            {NOTICE_T.compare}
          </Button>
        </Space>
      </Form>
      <Table<DataLogRow>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          preserveSelectedRowKeys: true,
          onChange: (_keys, picked) => setSelected(picked.filter(Boolean)),
        }}
        columns={[
          { key: 'dataTable', dataIndex: 'dataTable', title: NOTICE_T.dataTable, align: 'center', width: 180 },
          { key: 'dataId', dataIndex: 'dataId', title: NOTICE_T.dataId, align: 'center', width: 200 },
          { key: 'dataVersion', dataIndex: 'dataVersion', title: NOTICE_T.dataVersion, align: 'center', width: 90 },
          { key: 'dataContent', dataIndex: 'dataContent', title: NOTICE_T.dataContent, ellipsis: true },
          { key: 'createBy', dataIndex: 'createBy', title: NOTICE_T.createBy, align: 'center', width: 110 },
          { key: 'createTime', dataIndex: 'createTime', title: NOTICE_T.createTime, align: 'center', width: 180 },
        ]}
        pagination={list.pagination}
      />
      <CompareModal pair={compare} onClose={() => setCompare(null)} />
    </Card>
  );
}

/** The field-by-field comparison of two versions (changed rows marked red). */
function CompareModal({ pair, onClose }: { pair: { v1: DataLogRow; v2: DataLogRow } | null; onClose: () => void }) {
  const [changedOnly, setChangedOnly] = useState(false);
  const diff = useMemo(() => (pair ? compareDataVersions(pair.v1.dataContent, pair.v2.dataContent) : []), [pair]);
  const shown = changedOnly ? diff.filter((d) => d.changed) : diff;
  const mark = (d: VersionDiff, text: string) => (d.changed ? <Typography.Text type="danger">{text}</Typography.Text> : text);
  return (
    <Modal open={!!pair} width={1000} title={NOTICE_T.compareTitle} onCancel={onClose} footer={null} destroyOnHidden>
      {pair && (
        <>
          <Checkbox checked={changedOnly} onChange={(e) => setChangedOnly(e.target.checked)} style={{ marginBottom: 12 }}>
            {NOTICE_T.changedOnly}
          </Checkbox>
          <Table<VersionDiff>
            rowKey="field"
            size="small"
            bordered
            pagination={false}
            scroll={{ y: 480 }}
            dataSource={shown}
            rowClassName={(d) => (d.changed ? 'data-log-changed' : '')}
            columns={[
              { key: 'field', dataIndex: 'field', title: NOTICE_T.field, width: 200 },
              { key: 'v1', title: NOTICE_T.version(pair.v1.dataVersion), render: (_: unknown, d) => mark(d, d.value1) },
              { key: 'v2', title: NOTICE_T.version(pair.v2.dataVersion), render: (_: unknown, d) => mark(d, d.value2) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
