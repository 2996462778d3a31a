import '../utils/dayjsLocale';
import { ConfigProvider, Drawer, Layout, theme, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { RuntimeContext, type RuntimeContextValue } from '../../../registry/context/RuntimeContext';
import { requestPort } from '../api/requestPort';
import { sessionSocket } from '../api/socketPort';
import { browserStorage } from '../utils/storage';
import type { PermissionEntry, MenuEntry } from '../api/types';
import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';
import { useMenuModel } from '../router/useMenuModel';
import { usePagePreload } from '../router/usePagePreload';
import { useStyleWarmup } from './StyleWarmup';
import { permission } from '../stores/permission';
import { session } from '../stores/session';
import { settings, updateSetting } from '../stores/settings';
import { footerLine, systemSettings } from '../stores/system-settings';
import { openTab } from '../stores/tabs';
import Breadcrumbs from './Breadcrumbs';
import HeaderBar from './HeaderBar';
import KeepAliveViews from './KeepAliveViews';
import Logo from './Logo';
import { browserTitle } from './pageTitle';
import { logoTitle } from './logoTitle';
import SideMenu from './SideMenu';
import TabStrip from './TabStrip';
import { isMobileDevice, useDevice } from './useDevice';

/** Sidebar widths of spec 2.4 / 9 (px). */
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
/** Scroll distance after which the auto-hiding header hides (spec 2.4, 9). */
export const AUTO_HIDE_HEADER_AT = 100;
const HEADER_HEIGHT = 64;

/** The antd components of a list page's first screen, whose styles the layout makes in idle time. */
const loadListWarmup = () => import('../../../renderers/list/ListStyleWarmup');

/** True while the page is scrolled more than 100 px and the auto-hiding header is on. */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    const onScroll = () => setHidden((document.documentElement.scrollTop || document.body.scrollTop) > AUTO_HIDE_HEADER_AT);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

/**
 * The main layout in the theme of the settings (spec 2.4 "theme": light, or antd's dark algorithm
 * for the whole layout; the primary colour comes from the app root). No props.
 */
export default function BasicLayout() {
  const { navTheme } = useSnapshot(settings);
  const config = useMemo<ThemeConfig>(
    () => ({ algorithm: navTheme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }),
    [navTheme],
  );
  return (
    <ConfigProvider theme={config}>
      <LayoutFrame />
    </ConfigProvider>
  );
}

/**
 * The main layout (spec 2.4, 9): side menu (200 px / 80 px collapsed, no close animation, open
 * state kept in pro__SIDEBAR_TYPE) or top menu; on mobile (< 1088 px) the side menu is a 200 px
 * drawer and the multi-tab strip is off; fixed header (optionally hiding after 100 px of scroll),
 * fixed sidebar, Fixed/Fluid content width (top menu); header, multi-tab strip, breadcrumb, the tab
 * views inside the RuntimeContext the renderers use, and the footer. Opens a tab for each routed
 * page, sets the browser title, sends unknown paths to /404. No props; returns the layout.
 */
function LayoutFrame() {
  const model = useMenuModel();
  const location = useLocation();
  const { pathname } = location;
  const fullPath = pathname + location.search;
  const handle = useMemo(() => model.lookup(pathname), [model, pathname]);
  const home = useMemo(() => model.lookup(HOME_PATH), [model]);
  const perm = useSnapshot(permission);
  const { userInfo, token: accessToken } = useSnapshot(session);
  const s = useSnapshot(settings);
  const sys = useSnapshot(systemSettings);
  const device = useDevice();
  const mobile = isMobileDevice(device);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headerHidden = useHeaderHidden(s.fixedHeader && s.autoHideHeader);
  const { token } = theme.useToken();
  const listStyles = useStyleWarmup(loadListWarmup);
  usePagePreload(perm.menu as readonly MenuEntry[], listStyles.warm);

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
    document.title = browserTitle(pathname, handle.title, sys.platformName);
  }, [handle, pathname, sys.platformName]);

  // leaving the mobile layout closes its drawer
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  const runtime = useMemo<RuntimeContextValue>(
    () => ({
      request: requestPort,
      auth: perm.auth as PermissionEntry[],
      allAuth: perm.allAuth as PermissionEntry[],
      user: userInfo
        ? { id: userInfo.id, username: userInfo.username, realname: userInfo.realname, orgCode: userInfo.orgCode ?? undefined }
        : null,
      defaultPageSize: sys.defaultPageSize,
      storage: browserStorage(),
      socket: accessToken ? sessionSocket(accessToken) : undefined,
    }),
    [perm.auth, perm.allAuth, userInfo, sys.defaultPageSize, accessToken],
  );

  if (!handle) return <Navigate to="/404" replace />;

  const menu = perm.menu as readonly MenuEntry[];
  const title = logoTitle(perm.auth as PermissionEntry[], sys.platformName);
  const dark = s.navTheme === 'dark';
  const topMenuMode = s.layout === 'topmenu' && !mobile;
  const collapsed = !s.sidebarOpened;
  const siderWidth = mobile || topMenuMode ? 0 : collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixedSider = s.fixSiderbar && !topMenuMode && !mobile;
  const toggle = () => (mobile ? setDrawerOpen((o) => !o) : updateSetting('sidebarOpened', collapsed));

  const headerStyle: CSSProperties = s.fixedHeader
    ? {
        position: 'fixed',
        top: headerHidden ? -HEADER_HEIGHT : 0,
        right: 0,
        width: `calc(100% - ${siderWidth}px)`,
        zIndex: 9,
        transition: 'top .2s',
      }
    : {};
  const fixedWidth = topMenuMode && s.contentWidth === 'Fixed';
  const innerWidth: CSSProperties = fixedWidth ? { maxWidth: 1200, margin: '0 auto', width: '100%' } : {};

  const topMenu = topMenuMode ? (
    <div style={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0, ...innerWidth }}>
      <Logo title={title} dark={dark} />
      <SideMenu menu={menu} handle={handle} collapsed={false} mode="horizontal" theme={dark ? 'dark' : 'light'} />
    </div>
  ) : undefined;

  const sideMenu = (drawer: boolean) => (
    <>
      <Logo title={title} collapsed={!drawer && collapsed} dark={dark} />
      <SideMenu
        menu={menu}
        handle={handle}
        collapsed={!drawer && collapsed}
        theme={dark ? 'dark' : 'light'}
        onNavigate={drawer ? () => setDrawerOpen(false) : undefined}
      />
    </>
  );

  return (
    <Layout className={`basic-layout layout-${s.layout} device-${device}`} style={{ minHeight: '100vh' }}>
      {!mobile && !topMenuMode && (
        <Layout.Sider
          className="side-menu no-anim"
          theme={dark ? 'dark' : 'light'}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          collapsible
          style={{
            boxShadow: '2px 0 6px rgba(0,21,41,.08)',
            zIndex: 10,
            ...(fixedSider ? { position: 'fixed', left: 0, top: 0, bottom: 0, overflowY: 'auto' } : {}),
          }}
        >
          {sideMenu(false)}
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer
          rootClassName="side-menu-drawer"
          placement="left"
          width={SIDER_WIDTH}
          open={drawerOpen}
          closable={false}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0, background: dark ? '#001529' : token.colorBgContainer } }}
        >
          {sideMenu(true)}
        </Drawer>
      )}
      <Layout style={fixedSider ? { marginLeft: siderWidth } : undefined}>
        <HeaderBar
          collapsed={mobile ? !drawerOpen : collapsed}
          onToggle={toggle}
          menu={menu}
          mobile={mobile}
          topMenu={topMenu}
          style={{ ...headerStyle, ...(dark && topMenuMode ? { background: '#001529' } : {}) }}
        />
        {s.fixedHeader && <div style={{ height: HEADER_HEIGHT, flex: 'none' }} />}
        {s.multipage && !mobile && <TabStrip activeKey={pathname} />}
        <Layout.Content style={{ margin: mobile ? 8 : 16 }}>
          <div style={innerWidth}>
            <div style={{ marginBottom: 12 }}>
              <Breadcrumbs handle={handle} pathname={pathname} />
            </div>
            <RuntimeContext.Provider value={runtime}>
              <KeepAliveViews routes={model.routes} activeKey={pathname} fullPath={fullPath} />
            </RuntimeContext.Provider>
            {listStyles.element}
          </div>
        </Layout.Content>
        <Layout.Footer className="global-footer" style={{ textAlign: 'center', color: token.colorTextDescription }}>
          {footerLine(sys)}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
