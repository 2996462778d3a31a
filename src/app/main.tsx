import '@ant-design/v5-patch-for-react-19';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import AppRoutes from './router/AppRoutes';
import ScrollToTop from './router/ScrollToTop';
import { bindColorWeak, settings } from './stores/settings';
import { loadSystemSettings } from './stores/system-settings';
import { createKeptStyleCache } from './utils/style-cache';

/**
 * Client entry (spec 2.1, 9): the React 19 patch for antd first, zh-CN locale for antd (dayjs's
 * is set by the main layout, utils/dayjsLocale.ts), the primary colour of the settings (default #1890FF), weak-colour mode, history-mode
 * router at base '/', scroll to top on navigation. Only the router, the guard and the login page
 * load eagerly; the rest is lazy. The dark theme is applied by the main layout.
 */

const themeOf = (primaryColor: string): ThemeConfig => ({ token: { colorPrimary: primaryColor } });

// static message / notification / Modal.* get the same locale and the current primary colour
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeOf(settings.primaryColor)}>
      {children}
    </ConfigProvider>
  ),
});

bindColorWeak();
// 系统设置: system name, footer, page size and login notice, read once (no token needed)
void loadSystemSettings();

// parsed component styles kept across unmounts (utils/style-cache.ts)
const styleCache = createKeptStyleCache();

function Root() {
  const { primaryColor } = useSnapshot(settings);
  const theme = useMemo(() => themeOf(primaryColor), [primaryColor]);
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <BrowserRouter basename="/">
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
      </ConfigProvider>
    </StyleProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
