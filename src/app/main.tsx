import '@ant-design/v5-patch-for-react-19';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import AppShell from './AppShell';
import { canHydrate, releaseSubmitGuard } from './prerender';
import { bindColorWeak, settings } from './stores/settings';
import { loadSystemSettings } from './stores/system-settings';
import { themeOf } from './theme';
import { MotionPreference } from './utils/reduced-motion';
import { createKeptStyleCache } from './utils/style-cache';

/**
 * Client entry (spec 2.1, 9): the React 19 patch for antd first, zh-CN locale for antd (dayjs's
 * is set by the main layout, utils/dayjsLocale.ts), the primary colour of the settings (default #1890FF), weak-colour mode, history-mode
 * router at base '/', scroll to top on navigation. Only the router, the guard and the login page
 * load eagerly; the rest is lazy. The dark theme is applied by the main layout. The login page
 * arrives prerendered and is hydrated when it can be (prerender.ts).
 */

// static message / notification / Modal.* get the same locale, the current primary colour and motion preference
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeOf(settings.primaryColor)}>
      <MotionPreference>{children}</MotionPreference>
    </ConfigProvider>
  ),
});

bindColorWeak();
// 系统设置: system name, footer, page size and login notice, read once (no token needed)
void loadSystemSettings();

// parsed component styles kept across unmounts (utils/style-cache.ts)
const styleCache = createKeptStyleCache();

function Root() {
  useEffect(releaseSubmitGuard, []);
  return <AppShell styleCache={styleCache} router={BrowserRouter} locale={zhCN} />;
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Root />
  </StrictMode>
);
if (canHydrate(container)) {
  // a mismatch (e.g. the footer's year changed since the build) makes React render anew: correct, only slower
  hydrateRoot(container, app, { onRecoverableError: (error) => console.warn('login page rendered anew:', error) });
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
