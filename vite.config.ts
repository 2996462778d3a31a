import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/build/precompress.js';
import { browserifyRequireProbe } from './scripts/build/browserify-require.js';

const apiBase = process.env.API_BASE ?? '/jeecg-boot';
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// Client build: src/app is the entry; the API server serves dist/client in production.
export default defineConfig({
  plugins: [react(), browserifyRequireProbe(), precompress()],
  root: 'src/app',
  publicDir: false,
  resolve: {
    // antd's style insertion through a keyed fast path (src/app/utils/dynamic-css.ts says why);
    // that module imports rc-util's own file by its '.js' name, which this pattern leaves alone
    alias: [
      {
        find: /^rc-util\/es\/Dom\/dynamicCSS$/,
        replacement: fileURLToPath(new URL('./src/app/utils/dynamic-css.ts', import.meta.url)),
      },
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
});
