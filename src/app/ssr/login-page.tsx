import { createCache, extractStyle } from '@ant-design/cssinjs';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import AppShell from '../AppShell';
import { LOGIN_PATH } from '../router/constants';

/**
 * Build time only (scripts/build/login-page.ts renders this module in Node): the login page
 * `/user/login` as the browser's first render would make it (the same AppShell tree, default
 * settings, nobody signed in), returned as
 * - `html`: the markup of #root, which the browser shows before any script ran and hydrates
 *   (main.tsx, prerender.ts);
 * - `css`: its antd styles as one plain CSS text ending with cssinjs's cache-path marker
 *   (`.data-ant-cssinjs-cache-path{content:"…"}`): served as a stylesheet, the marker tells antd
 *   in the browser that these styles are already present, so hydration skips generating them.
 * A user whose stored primary colour differs gets other style paths, generated at run time.
 * `locale`: antd's zh-CN locale (the build passes its CommonJS copy, which Node can load).
 */
export function renderLoginPage(locale: Locale): { html: string; css: string } {
  const cache = createCache();
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={LOGIN_PATH}>{children}</StaticRouter>;
  const html = renderToString(<AppShell styleCache={cache} router={Router} locale={locale} />);
  return { html, css: extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] }) };
}
