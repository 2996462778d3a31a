import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { criticalCss } from './critical-css.js';
import { precompressFile } from './precompress.js';
import { LOGIN_PAGE_JS } from '../../src/shared/login-page-script.js';

/** In-memory localStorage for the app modules that read settings or the session on import. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

/**
 * Renders the login page in Node through Vite's SSR loader (src/app/ssr/login-page.tsx) and
 * returns its #root markup and its antd CSS (with cssinjs's cache-path marker).
 * `configFile`: this vite config.
 */
export async function renderLoginPage(configFile: string): Promise<{ html: string; css: string }> {
  // antd's class hashes differ in development ('css-dev-only-…'): render as the build runs
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const server = await createServer({
    configFile,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const g = globalThis as { localStorage?: Storage };
  const hadStorage = 'localStorage' in g;
  if (!hadStorage) g.localStorage = memoryStorage();
  try {
    const mod = (await server.ssrLoadModule('/ssr/login-page.tsx')) as {
      renderLoginPage: (locale: unknown) => { html: string; css: string };
    };
    // antd's ES locale imports rc-* paths without extension, which Node's ESM loader refuses:
    // its CommonJS twin (the same texts) serves the render in Node
    return mod.renderLoginPage((createRequire(import.meta.url)('antd/lib/locale/zh_CN') as { default: unknown }).default);
  } finally {
    if (!hadStorage) delete g.localStorage;
    await server.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** The path the login page is prerendered for (src/app/router/constants.ts LOGIN_PATH). */
export const PRERENDERED_LOGIN = '/user/login';

/**
 * The login page's inline script (src/shared/login-page-script.ts: submit guard and boot) as the
 * head's first element, naming the app's entry `entryUrl` and the full login stylesheet `cssUrl`.
 */
export function loginPageScript(entryUrl: string, cssUrl: string): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<script data-entry="${attr(entryUrl)}" data-css="${attr(cssUrl)}">${LOGIN_PAGE_JS}</script>`;
}

/** The entry script tag vite writes into index.html; group 1 is its URL. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * Vite build plugin, after the bundle is written (then precompresses what it wrote, see
 * precompress.ts):
 * - renders the login page's antd styles into `assets/login-<hash>.css`, linked from index.html
 *   before the entry script: antd finds those styles present and skips generating them in the
 *   browser (most of a cold load's script time);
 * - writes `pages/user/login.html`: index.html with the login page's markup in #root
 *   (`data-prerendered`), its inline script and, instead of the stylesheet link, the part of those
 *   styles the markup can use, inline (critical-css.ts, PurgeCSS); the server sends it for
 *   GET /user/login (src/server/http/compression.ts), so the form is painted and usable before
 *   any script ran or any other file came, and the client hydrates it (src/app/prerender.ts).
 *   The page's only script is inline ({@link loginPageScript}): once the page is parsed it
 *   loads the full stylesheet and the entry (neither render-blocking), and runs the entry once
 *   the stylesheet is in and the form was painted.
 * `configFile`: the path of the vite config the SSR loader uses (aliases, defines).
 */
export function loginPage(configFile: string): Plugin {
  let outDir = '';
  return {
    name: 'obo-login-page',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { html: markup, css } = await renderLoginPage(configFile);
      const name = `assets/login-${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      await fs.writeFile(path.join(outDir, name), css);
      const indexFile = path.join(outDir, 'index.html');
      const html = await fs.readFile(indexFile, 'utf8');
      const link = `<link rel="stylesheet" crossorigin href="/${name}">`;
      const linked = html.replace(/(\s*)(<script type="module")/, `$1${link}$1$2`);
      if (linked === html) throw new Error('login page: no entry script in index.html');
      await fs.writeFile(indexFile, linked);
      const root = '<div id="root"></div>';
      if (!linked.includes('<meta charset="UTF-8" />')) throw new Error('login page: no charset meta in index.html');
      if (!linked.includes(root)) throw new Error('login page: no empty #root in index.html');
      const entry = ENTRY_SCRIPT.exec(linked);
      if (!entry) throw new Error('login page: no entry script in index.html');
      const critical = await criticalCss(css, markup);
      if (critical.includes('</')) throw new Error('login page: "</" in the inline styles');
      const loginHtml = linked
        // (replacement functions: CSS and markup may hold `$'` and the like)
        .replace(
          /(<meta charset="UTF-8" \/>)(\s*)/,
          (_, meta: string, space: string) => `${meta}${space}${loginPageScript(entry[1], `/${name}`)}${space}`,
        )
        .replace(link, () => `<style>${critical}</style>`)
        .replace(entry[0], '')
        .replace(root, () => `<div id="root" data-prerendered="${PRERENDERED_LOGIN}">${markup}</div>`);
      const loginFile = path.join(outDir, 'pages', `${PRERENDERED_LOGIN}.html`);
      await fs.mkdir(path.dirname(loginFile), { recursive: true });
      await fs.writeFile(loginFile, loginHtml);
      await Promise.all([name, 'index.html', path.relative(outDir, loginFile)].map((f) => precompressFile(path.join(outDir, f))));
      this.info?.(
        `login page: ${name} (${(css.length / 1024).toFixed(1)} KiB, inline ${(critical.length / 1024).toFixed(1)} KiB), markup ${(markup.length / 1024).toFixed(1)} KiB`,
      );
    },
  };
}
