import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import UserLayout from '../layouts/UserLayout';
import Login from '../pages/user/Login';
import { LOGIN_PATH } from '../router/constants';
import { DEFAULT_SETTINGS } from '../stores/settings';
import { themeOf } from '../theme';

/**
 * Build time only (scripts/build/login-styles.ts renders this module in Node): the antd styles
 * of the login page under the default theme, as one plain CSS text ending with cssinjs's
 * cache-path marker (`.data-ant-cssinjs-cache-path{content:"…"}`). Served as a stylesheet of
 * index.html, the marker tells antd in the browser that these styles are already in a CSS file,
 * so the login page's first render skips generating and inserting them. A user whose stored
 * primary colour differs gets other style paths, generated at run time as before.
 * Returns the CSS text.
 */
export function loginPageCss(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={themeOf(DEFAULT_SETTINGS.primaryColor)}>
        <MemoryRouter initialEntries={[LOGIN_PATH]}>
          <UserLayout>
            <Login />
          </UserLayout>
        </MemoryRouter>
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] });
}
