import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Card, Form, Input, Popconfirm, Space, Table, Tag, message } from 'antd';
import { useRuntimeContext } from '../../../../renderers/context/RuntimeContext';
import { hasPermission } from '../../../runtime/permission/has-permission';
import { PAGE_SIZE_OPTIONS, totalText } from '../../../runtime/list/list-state';
import { OPS_TEXT } from './opsTexts';

/** A row of GET /sys/online/list (server: src/server/modules/online-user/routes.ts). */
interface OnlineRow {
  id: string;
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  sex: number | null;
  phone: string | null;
  ip: string | null;
  loginTime: string;
  lastActive: string;
  current: boolean;
}

const T = OPS_TEXT.online;

/**
 * 在线用户 (menu /isystem/online, component system/SysUserOnlineList): the active sessions,
 * searchable by account or name, paged 10/20/30; 强制退出 (shown to holders of
 * `system:online_user:force_logout`, which the server also checks) ends a session at once.
 */
export default function SysUserOnlineList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const [form] = Form.useForm<{ username?: string }>();
  const [rows, setRows] = useState<OnlineRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [loading, setLoading] = useState(false);
  const canLogout = hasPermission('system:online_user:force_logout', { auth, allAuth });

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const username = form.getFieldValue('username') as string | undefined;
      const res = await request.get<{ records: OnlineRow[]; total: number }>('/sys/online/list', {
        ...page,
        ...(username ? { username } : {}),
      });
      if (res.success) {
        setRows(res.result.records);
        setTotal(res.result.total);
      } else message.warning(res.message);
    } finally {
      setLoading(false);
    }
  }, [request, page, form]);

  useEffect(() => {
    void load();
  }, [load]);

  const forceLogout = async (row: OnlineRow) => {
    const res = await request.post('/sys/online/forceLogout', { token: row.token });
    if (res.success) {
      message.success(res.message);
      void load();
    } else message.warning(res.message);
  };

  return (
    <Card variant="borderless" data-page="online-users">
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => setPage((p) => ({ ...p, pageNo: 1 }))}>
        <Form.Item name="username" label={T.username}>
          <Input allowClear placeholder={T.usernamePlaceholder} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {OPS_TEXT.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            {OPS_TEXT.reset}
          </Button>
        </Space>
      </Form>
      <Table<OnlineRow>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={[
          { title: T.username, dataIndex: 'username' },
          { title: T.realname, dataIndex: 'realname' },
          {
            title: T.avatar,
            dataIndex: 'avatar',
            render: (v: string | null) => (v ? <Avatar src={request.fileUrl(v)} /> : <Avatar>{'?'}</Avatar>),
          },
          { title: T.sex, dataIndex: 'sex', render: (v: number | null) => OPS_TEXT.sex[String(v)] ?? '' },
          { title: T.phone, dataIndex: 'phone' },
          { title: T.ip, dataIndex: 'ip' },
          { title: T.loginTime, dataIndex: 'loginTime' },
          { title: T.lastActive, dataIndex: 'lastActive' },
          {
            title: T.action,
            key: 'action',
            render: (_: unknown, row: OnlineRow) =>
              row.current ? (
                <Tag color="blue">{T.current}</Tag>
              ) : canLogout ? (
                <Popconfirm title={T.confirm(row.realname ?? row.username)} onConfirm={() => forceLogout(row)}>
                  <a data-action="force-logout">{T.forceLogout}</a>
                </Popconfirm>
              ) : null,
          },
        ]}
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
