import { ApartmentOutlined, ClusterOutlined, KeyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { session } from '../../stores/session';

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));
const DepartSwitchModal = lazy(() => import('./DepartSwitchModal'));
const OsSwitchModal = lazy(() => import('./OsSwitchModal'));

type Dialog = 'password' | 'depart' | 'os' | null;

/**
 * The account entries of the header user menu (spec 2.4): 个人中心, 账户设置, 修改密码 (modal),
 * 切换部门 (部门切换 dialog) and 切换组织单元 (OS dialog). Returns {items, onClick, dialogs}:
 * put `items` into the menu, call `onClick(key)` first in the menu handler (true when it handled
 * the key) and render `dialogs`.
 */
export function useAccountMenu(): { items: NonNullable<MenuProps['items']>; onClick: (key: string) => boolean; dialogs: ReactNode } {
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const username = userInfo?.username ?? '';
  const label = (key: string, text: string) => <span data-testid={`account-menu-${key}`}>{text}</span>;

  const items: NonNullable<MenuProps['items']> = [
    { key: 'account:center', icon: <UserOutlined />, label: label('center', ACCOUNT_T.accountCenter) },
    { key: 'account:settings', icon: <SettingOutlined />, label: label('settings', ACCOUNT_T.accountSettings) },
    { key: 'account:password', icon: <KeyOutlined />, label: label('password', ACCOUNT_T.changePassword) },
    { key: 'account:depart', icon: <ClusterOutlined />, label: label('depart', ACCOUNT_T.switchDepart) },
    { key: 'account:os', icon: <ApartmentOutlined />, label: label('os', ACCOUNT_T.switchOs) },
  ];
  const onClick = (key: string): boolean => {
    if (!key.startsWith('account:')) return false;
    const what = key.slice('account:'.length);
    if (what === 'center') navigate('/account/center');
    else if (what === 'settings') navigate('/account/settings');
    else setDialog(what as Dialog);
    return true;
  };
  const dialogs = (
    <Suspense fallback={null}>
      {dialog === 'password' && <ChangePasswordModal open username={username} onClose={close} />}
      {dialog === 'depart' && <DepartSwitchModal username={username} onClose={close} />}
      {dialog === 'os' && <OsSwitchModal username={username} onClose={close} />}
    </Suspense>
  );
  return { items, onClick, dialogs };
}
