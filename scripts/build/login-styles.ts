import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { precompressFile } from './precompress.js';

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
 * Renders the login page in Node through Vite's SSR loader (src/app/ssr/login-styles.tsx) and
 * returns its antd CSS with cssinjs's cache-path marker. `configFile`: this vite config.
 */
export async function renderLoginCss(configFile: string): Promise<string> {
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
    const mod = (await server.ssrLoadModule('/ssr/login-styles.tsx')) as { loginPageCss: () => string };
    return mod.loginPageCss();
  } finally {
    if (!hadStorage) delete g.localStorage;
    await server.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Vite build plugin: after the bundle is written, renders the login page's antd styles at build
 * time into `assets/login-<hash>.css` and links it from index.html before the entry script
 * (then precompresses both, see precompress.ts). antd then finds those styles already present
 * and skips generating them in the browser: the login page's first render no longer serialises
 * and inserts every component's CSS-in-JS (most of its script time on a cold load).
 * `configFile`: the path of the vite config the SSR loader uses (aliases, defines).
 */
export function loginStyles(configFile: string): Plugin {
  let outDir = '';
  return {
    name: 'obo-login-styles',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const css = await renderLoginCss(configFile);
      const name = `assets/login-${crypto.createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      await fs.writeFile(path.join(outDir, name), css);
      const indexFile = path.join(outDir, 'index.html');
      const html = await fs.readFile(indexFile, 'utf8');
      const link = `<link rel="stylesheet" crossorigin href="/${name}">`;
      const linked = html.replace(/(\s*)(<script type="module")/, `$1${link}$1$2`);
      if (linked === html) throw new Error('login styles: no entry script in index.html');
      await fs.writeFile(indexFile, linked);
      await Promise.all([precompressFile(path.join(outDir, name)), precompressFile(indexFile)]);
      this.info?.(`login page styles: ${name} (${(css.length / 1024).toFixed(1)} KiB)`);
    },
  };
}
