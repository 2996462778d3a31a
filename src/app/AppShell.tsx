import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { createCache } from '@ant-design/cssinjs';
import AppRoutes from './router/AppRoutes';
import ScrollToTop from './router/ScrollToTop';
import { settings } from './stores/settings';
import { themeOf } from './theme';
import { MotionPreference } from './utils/reduced-motion';

/**
 * The app's providers and routes inside a router (spec 2.1, 2.4, 9): antd's style cache
 * `styleCache`, the antd `locale` (zh-CN) and the theme of the settings' primary colour, no
 * animations while reduced motion is preferred (utils/reduced-motion.tsx), then scroll to top
 * on navigation and the static routes. `router` wraps the routes: BrowserRouter in the browser
 * (main.tsx), a StaticRouter when the login page is prerendered at build time (ssr/login-page.tsx),
 * so both render the same tree and the browser can hydrate the prerendered markup.
 * Returns the element tree.
 */
export default function AppShell({
  styleCache,
  router: Router,
  locale,
}: {
  styleCache: ReturnType<typeof createCache>;
  router: (props: { children: ReactNode }) => ReactNode;
  locale: Locale;
}) {
  const { primaryColor } = useSnapshot(settings);
  const theme = useMemo(() => themeOf(primaryColor), [primaryColor]);
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={locale} theme={theme}>
        <MotionPreference>
          <Router>
            <ScrollToTop />
            <AppRoutes />
          </Router>
        </MotionPreference>
      </ConfigProvider>
    </StyleProvider>
  );
}
