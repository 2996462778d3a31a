import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Layout, Modal, message, type MenuProps } from 'antd';
import { useSnapshot } from 'valtio';
import { fileUrl } from '../api/http';
import { T } from '../locale/zh-CN';
import NoticeBell from '../notice/NoticeBell';
import { logout, session } from '../stores/session';
import { useAccountMenu } from '../pages/account/AccountMenu';

/**
 * Asks 真的要注销登录吗 ? and, when confirmed, logs out and reloads (spec 2.4, 4.1); a failure is
 * shown with message.error (spec 8 "Logout failure"). No inputs; returns nothing.
 */
export function confirmLogout(): void {
  Modal.confirm({
    title: T.logoutTitle,
    content: T.logoutConfirm,
    onOk: () =>
      logout()
        .then(() => window.location.reload())
        .catch((err: unknown) => {
          void message.error(err instanceof Error ? err.message : String(err));
        }),
  });
}

/**
 * The global header (spec 2.4): sidebar collapse toggle and the user menu (realname, 退出登录).
 * Props: collapsed flag and its toggle. Returns the antd Layout.Header.
 */
export default function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { userInfo } = useSnapshot(session);
  const account = useAccountMenu();
  const items: MenuProps['items'] = [
    ...account.items,
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{T.logout}</span> },
  ];
  const avatar = userInfo?.avatar ? fileUrl(userInfo.avatar) : undefined;
  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 16px 0 0',
        display: 'flex',
        alignItems: 'center',
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
        zIndex: 2,
      }}
    >
      <Button
        type="text"
        aria-label="toggle-menu"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        style={{ fontSize: 16, width: 64, height: 64 }}
      />
      <div style={{ flex: 1 }} />
      <NoticeBell />
      <Dropdown
        menu={{ items, onClick: ({ key }) => (account.onClick(key) ? undefined : key === 'logout' && confirmLogout()) }}
        placement="bottomRight"
      >
        <span className="header-user" style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Avatar size="small" src={avatar} icon={<UserOutlined />} />
          <span>{userInfo?.realname || userInfo?.username}</span>
        </span>
      </Dropdown>
      {account.dialogs}
    </Layout.Header>
  );
}
