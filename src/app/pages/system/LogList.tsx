import { useCallback, useEffect, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Popconfirm, Space, Table, Tabs, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRuntimeContext } from '../../../../renderers/context/RuntimeContext';
import { hasPermission } from '../../../runtime/permission/has-permission';
import { PAGE_SIZE_OPTIONS, totalText } from '../../../runtime/list/list-state';
import { NOTICE_T } from '../../locale/zh-CN';

/** A row of GET /sys/log/list (server: src/server/modules/log/log-routes.ts, api-contract §5.6). */
interface LogRow {
  id: string;
  logType: number;
  logContent: string | null;
  operateType: number | null;
  operateType_dictText?: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  requestUrl: string | null;
  requestType: string | null;
  costTime: number | null;
  createTime: string;
}

interface Filters {
  keyWord?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * 日志管理 (/isystem/log, component system/LogList; issue 6 item 8): the login and the operation
 * log in two tabs, newest first, searchable by keyword and creation date range, paged 10/20/30.
 * 删除选中 and 清空日志 show to holders of `system:log:delete` (the server checks it too).
 */
export default function LogList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const [form] = Form.useForm<Filters>();
  const [logType, setLogType] = useState('1');
  const [rows, setRows] = useState<LogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const canDelete = hasPermission('system:log:delete', { auth, allAuth });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params: Record<string, unknown> = { ...page, logType, column: 'createTime', order: 'desc' };
      if (filters.keyWord) params.keyWord = filters.keyWord;
      const [begin, end] = filters.range ?? [];
      if (begin) params.createTime_begin = begin.format('YYYY-MM-DD');
      if (end) params.createTime_end = end.format('YYYY-MM-DD');
      const res = await request.get<{ records: LogRow[]; total: number }>('/sys/log/list', params);
      if (res.success) {
        setRows(res.result.records);
        setTotal(res.result.total);
      } else message.warning(res.message);
    } finally {
      setLoading(false);
    }
  }, [request, page, logType, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (ids: string) => {
    const res = await request.delete('/sys/log/deleteBatch', { ids });
    if (res.success) {
      message.success(res.message);
      setSelected([]);
      void load();
    } else message.warning(res.message);
  };

  const columns = [
    { key: 'logContent', dataIndex: 'logContent', title: NOTICE_T.logContent, ellipsis: true },
    { key: 'userid', dataIndex: 'userid', title: NOTICE_T.operator, align: 'center' as const, width: 120 },
    { key: 'username', dataIndex: 'username', title: NOTICE_T.operatorName, align: 'center' as const, width: 120 },
    { key: 'ip', dataIndex: 'ip', title: NOTICE_T.ip, align: 'center' as const, width: 140 },
    { key: 'costTime', dataIndex: 'costTime', title: NOTICE_T.costTime, align: 'right' as const, width: 110 },
    ...(logType === '2'
      ? [
          { key: 'operateType', dataIndex: 'operateType_dictText', title: NOTICE_T.operateType, align: 'center' as const, width: 100 },
          { key: 'requestType', dataIndex: 'requestType', title: NOTICE_T.requestType, align: 'center' as const, width: 100 },
        ]
      : []),
    { key: 'createTime', dataIndex: 'createTime', title: NOTICE_T.createTime, align: 'center' as const, width: 180 },
  ];

  return (
    <Card variant="borderless" data-page="sys-log">
      <Tabs
        activeKey={logType}
        onChange={(k) => {
          setLogType(k);
          setSelected([]);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        items={[
          { key: '1', label: NOTICE_T.loginLog },
          { key: '2', label: NOTICE_T.operationLog },
        ]}
      />
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      >
        <Form.Item name="keyWord" label={NOTICE_T.keyWord}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="range" label={NOTICE_T.createTime}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {NOTICE_T.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            {NOTICE_T.reset}
          </Button>
          {canDelete && (
            <>
              <Popconfirm title={NOTICE_T.deleteConfirm} disabled={!selected.length} onConfirm={() => remove(selected.join(','))}>
                <Button disabled={!selected.length} onClick={() => !selected.length && message.warning(NOTICE_T.selectFirst)}>
                  {NOTICE_T.deleteSelected}
                </Button>
              </Popconfirm>
              <Popconfirm title={NOTICE_T.clearAllConfirm} onConfirm={() => remove('allclear')}>
                <Button danger>{NOTICE_T.clearAll}</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      </Form>
      <Table<LogRow>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: totalText,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
