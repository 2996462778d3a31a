import { Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { RuntimeContext, type RuntimeContextValue } from '../../../renderers/context/RuntimeContext';
import { requestPort } from '../api/requestPort';
import type { AuthEntry, MenuEntry } from '../api/types';
import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';
import { useMenuModel } from '../router/useMenuModel';
import { permission } from '../stores/permission';
import { session } from '../stores/session';
import { openTab } from '../stores/tabs';
import Breadcrumbs from './Breadcrumbs';
import HeaderBar from './HeaderBar';
import KeepAliveViews from './KeepAliveViews';
import { logoTitle } from './logoTitle';
import SideMenu from './SideMenu';
import TabStrip from './TabStrip';

/**
 * The main layout (spec 2.4): side menu (200 px / 80 px collapsed) with the logo title, header,
 * multi-tab strip, breadcrumb, the tab views inside the RuntimeContext the renderers use, and
 * the footer. Opens a tab for each routed page, sets the browser title, sends unknown paths to
 * /404. No props; returns the layout.
 */
export default function BasicLayout() {
  const model = useMenuModel();
  const location = useLocation();
  const { pathname } = location;
  const fullPath = pathname + location.search;
  const handle = useMemo(() => model.lookup(pathname), [model, pathname]);
  const home = useMemo(() => model.lookup(HOME_PATH), [model]);
  const [collapsed, setCollapsed] = useState(false);
  const perm = useSnapshot(permission);
  const { userInfo } = useSnapshot(session);

  useEffect(() => {
    if (home) openTab({ key: HOME_PATH, fullPath: HOME_PATH, title: home.title || T.home, keepAlive: home.keepAlive });
    if (handle && !handle.container) {
      openTab({
        key: pathname,
        fullPath,
        title: handle.title,
        keepAlive: handle.keepAlive,
        icon: handle.entry?.meta?.icon,
        componentName: handle.entry?.meta?.componentName,
      });
    }
  }, [handle, home, pathname, fullPath]);

  useEffect(() => {
    if (!handle || handle.container) return;
    document.title = pathname === HOME_PATH || !handle.title ? T.platformName : `${handle.title} - ${T.platformName}`;
  }, [handle, pathname]);

  const runtime = useMemo<RuntimeContextValue>(
    () => ({
      request: requestPort,
      auth: perm.auth as AuthEntry[],
      allAuth: perm.allAuth as AuthEntry[],
      user: userInfo
        ? { id: userInfo.id, username: userInfo.username, realname: userInfo.realname, orgCode: userInfo.orgCode ?? undefined }
        : null,
    }),
    [perm.auth, perm.allAuth, userInfo],
  );

  if (!handle) return <Navigate to="/404" replace />;

  const title = logoTitle(perm.auth as AuthEntry[]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={200}
        collapsedWidth={80}
        collapsed={collapsed}
        trigger={null}
        collapsible
        style={{ boxShadow: '2px 0 6px rgba(0,21,41,.08)', zIndex: 3 }}
      >
        <div
          className="logo"
          title={title}
          style={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'flex-start',
            padding: collapsed ? 0 : '0 20px',
            gap: 10,
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          }}
        >
          <span
            style={{
              width: 32,
              height: 32,
              borderRadius: 6,
              background: '#1890FF',
              color: '#fff',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 600,
              flex: 'none',
            }}
          >
            {title.charAt(0)}
          </span>
          {!collapsed && <h1 style={{ margin: 0, fontSize: 18, fontWeight: 600, color: 'rgba(0,0,0,.85)' }}>{title}</h1>}
        </div>
        <SideMenu menu={perm.menu as readonly MenuEntry[]} handle={handle} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <TabStrip activeKey={pathname} />
        <Layout.Content style={{ margin: 16 }}>
          <div style={{ marginBottom: 12 }}>
            <Breadcrumbs handle={handle} pathname={pathname} />
          </div>
          <RuntimeContext.Provider value={runtime}>
            <KeepAliveViews routes={model.routes} activeKey={pathname} fullPath={fullPath} />
          </RuntimeContext.Provider>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)' }}>{T.copyright}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
