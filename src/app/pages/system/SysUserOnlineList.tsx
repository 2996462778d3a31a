import { useCallback } from 'react';
import { Avatar, Button, Card, Form, Input, Popconfirm, Space, Table, Tag, message } from 'antd';
import { usePagedList } from './usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
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
  const canLogout = hasPermission('system:online_user:force_logout', { auth, allAuth });

  const params = useCallback(() => {
    const username = form.getFieldValue('username') as string | undefined;
    return username ? { username } : {};
  }, [form]);
  const list = usePagedList<OnlineRow>('/sys/online/list', params);

  const forceLogout = async (row: OnlineRow) => {
    const res = await request.post('/sys/online/forceLogout', { token: row.token });
    if (res.success) {
      message.success(res.message);
      void list.reload();
    } else message.warning(res.message);
  };

  return (
    <Card variant="borderless" data-page="online-users">
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => list.toFirstPage()}>
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
              list.toFirstPage();
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
        loading={list.loading}
        dataSource={list.rows}
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
        pagination={list.pagination}
      />
    </Card>
  );
}
