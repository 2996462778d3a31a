import '@ant-design/v5-patch-for-react-19';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import AppRoutes from './router/AppRoutes';
import ScrollToTop from './router/ScrollToTop';

/**
 * Client entry (spec 2.1, 9): the React 19 patch for antd first, zh-CN locale for antd and
 * dayjs, primary colour #1890FF, history-mode router at base '/', scroll to top on navigation.
 * Only the router, the guard and the login page load eagerly; the rest is lazy.
 */

dayjs.locale('zh-cn');

const theme: ThemeConfig = { token: { colorPrimary: '#1890FF' } };

// static message / notification / Modal.* get the same locale and theme
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  ),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={theme}>
      <BrowserRouter basename="/">
        <ScrollToTop />
        <AppRoutes />
      </BrowserRouter>
    </ConfigProvider>
  </StrictMode>,
);
