import { useCallback, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Popconfirm, Space, Table, Tabs, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { usePagedList } from './usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
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
 * 日志管理 (/isystem/log, component system/LogList): the login and the operation
 * log in two tabs, newest first, searchable by keyword and creation date range, paged 10/20/30.
 * 删除选中 and 清空日志 show to holders of `system:log:delete` (the server checks it too).
 */
export default function LogList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const [form] = Form.useForm<Filters>();
  const [logType, setLogType] = useState('1');
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const canDelete = hasPermission('system:log:delete', { auth, allAuth });

  const params = useCallback(() => {
    const p: Record<string, unknown> = { logType, column: 'createTime', order: 'desc' };
    if (filters.keyWord) p.keyWord = filters.keyWord;
    const [begin, end] = filters.range ?? [];
    if (begin) p.createTime_begin = begin.format('YYYY-MM-DD');
    if (end) p.createTime_end = end.format('YYYY-MM-DD');
    return p;
  }, [logType, filters]);
  const list = usePagedList<LogRow>('/sys/log/list', params);

  const remove = async (ids: string) => {
    const res = await request.delete('/sys/log/deleteBatch', { ids });
    if (res.success) {
      message.success(res.message);
      setSelected([]);
      void list.reload();
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
          list.toFirstPage();
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
          list.toFirstPage();
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
              list.toFirstPage();
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
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination}
      />
    </Card>
  );
}
