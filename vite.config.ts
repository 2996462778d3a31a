import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/build/precompress.js';
import { browserifyRequireProbe } from './scripts/build/browserify-require.js';
import { loginPage } from './scripts/build/login-page.js';

const apiBase = process.env.API_BASE ?? '/jeecg-boot';
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// react-router's package exports point at its development build under every condition (dev
// warnings and checks included); the client build takes its production files instead.
const productionReactRouter = [
  { find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: here('./node_modules/react-router/dist/production/dom-export.mjs') },
  // every supported browser has ResizeObserver: rc-resize-observer gets the native one
  { find: /^resize-observer-polyfill$/, replacement: here('./src/app/utils/resize-observer.ts') },
];

// Client build: src/app is the entry; the API server serves dist/client in production.
export default defineConfig(({ command }) => ({
  plugins: [react(), browserifyRequireProbe(), precompress(), loginPage(fileURLToPath(import.meta.url))],
  root: 'src/app',
  publicDir: false,
  resolve: {
    // antd's style insertion through a keyed fast path (src/app/utils/dynamic-css.ts says why);
    // that module imports rc-util's own file by its '.js' name, which this pattern leaves alone
    alias: [
      {
        find: /^rc-util\/es\/Dom\/dynamicCSS$/,
        replacement: here('./src/app/utils/dynamic-css.ts'),
      },
      ...(command === 'build' ? productionReactRouter : []),
    ],
  },
  define: { __API_BASE__: JSON.stringify(apiBase) },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 3100,
    proxy: { [apiBase]: { target: apiTarget, ws: true } },
  },
}));
