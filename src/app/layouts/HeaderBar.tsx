import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SyncOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Layout, Modal, message, theme, type MenuProps } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { refreshDictCache } from '../api/cache';
import { casLogoutUrl, loadCasConfig, markLeavingForCasLogout } from '../api/sso';
import { fileUrl } from '../api/http';
import type { MenuEntry } from '../api/types';
import { T } from '../locale/zh-CN';
import NoticeBell from '../notice/NoticeBell';
import { logout, session } from '../stores/session';
import MenuSearch from './MenuSearch';
import SettingDrawer from './SettingDrawer';
import { useAccountMenu } from '../pages/account/AccountMenu';

/**
 * Asks 真的要注销登录吗 ? and, when confirmed, logs out and reloads — with single sign-on on, it
 * goes on to the CAS logout so the CAS session ends too (spec 2.4, 4.1); a failure is
 * shown with message.error (spec 8 "Logout failure"). No inputs; returns nothing.
 */
export function confirmLogout(): void {
  Modal.confirm({
    title: T.logoutTitle,
    content: T.logoutConfirm,
    onOk: () =>
      loadCasConfig()
        .then(async (sso) => {
          if (sso.enabled) markLeavingForCasLogout();
          await logout();
          if (sso.enabled) window.location.assign(casLogoutUrl(sso, window.location.origin));
          else window.location.reload();
        })
        .catch((err: unknown) => {
          void message.error(err instanceof Error ? err.message : String(err));
        }),
  });
}

/**
 * Clear cache of the user menu (spec 2.4, 7.2): refreshes the server's dictionary cache and the
 * local copy; 刷新缓存完成！ or 刷新缓存失败！ (spec 8). No inputs; returns when shown.
 */
export async function clearCache(): Promise<void> {
  if (await refreshDictCache()) void message.success(T.cacheCleared);
  else void message.warning(T.cacheClearFailed);
}

export interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
  /** the menu tree (menu search) */
  menu: readonly MenuEntry[];
  /** mobile layout: search in a modal, no user name */
  mobile: boolean;
  /** top-menu mode: logo and horizontal menu shown in the header instead of the toggle */
  topMenu?: ReactNode;
  style?: CSSProperties;
  className?: string;
}

/**
 * The global header (spec 2.4): sidebar toggle (or the top menu), menu search, and the user menu
 * (系统设置 → setting drawer, 清理缓存, 退出登录 with confirmation). Props: HeaderBarProps.
 * Returns the antd Layout.Header.
 */
export default function HeaderBar({ collapsed, onToggle, menu, mobile, topMenu, style, className }: HeaderBarProps) {
  const { userInfo } = useSnapshot(session);
  const [settingOpen, setSettingOpen] = useState(false);
  const { token } = theme.useToken();
  const account = useAccountMenu();
  const items: MenuProps['items'] = [
    ...account.items,
    { key: 'setting', icon: <ToolOutlined />, label: <span data-testid="system-setting">{T.systemSetting}</span> },
    { key: 'clearCache', icon: <SyncOutlined />, label: <span data-testid="clear-cache">{T.clearCache}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{T.logout}</span> },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (account.onClick(key)) return;
    if (key === 'logout') confirmLogout();
    else if (key === 'setting') setSettingOpen(true);
    else if (key === 'clearCache') void clearCache();
  };
  const avatar = userInfo?.avatar ? fileUrl(userInfo.avatar) : undefined;
  return (
    <Layout.Header
      className={['global-header', className].filter(Boolean).join(' ')}
      style={{
        background: token.colorBgContainer,
        padding: '0 16px 0 0',
        display: 'flex',
        alignItems: 'center',
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
        zIndex: 2,
        ...style,
      }}
    >
      {topMenu && !mobile ? (
        topMenu
      ) : (
        <>
          <Button
            type="text"
            aria-label="toggle-menu"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggle}
            style={{ fontSize: 16, width: 64, height: 64 }}
          />
          <div style={{ flex: 1 }} />
        </>
      )}
      <div className="header-tools" style={{ display: 'flex', alignItems: 'center', gap: 8, flex: 'none' }}>
        <MenuSearch menu={menu} mobile={mobile} />
        <NoticeBell />
        <Dropdown menu={{ items, onClick: onMenu }} placement="bottomRight">
          <span className="header-user" style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <Avatar size="small" src={avatar} icon={<UserOutlined />} />
            {!mobile && <span>{userInfo?.realname || userInfo?.username}</span>}
          </span>
        </Dropdown>
      </div>
      <SettingDrawer open={settingOpen} onClose={() => setSettingOpen(false)} />
      {account.dialogs}
    </Layout.Header>
  );
}
