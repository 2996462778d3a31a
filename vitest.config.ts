import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Test layout rule: unit tests sit beside the code they test (*.test.ts[x]);
// tests that need a real database or a real browser live in tests/server and tests/e2e.
export default defineConfig({
  plugins: [react()],
  define: { __API_BASE__: JSON.stringify('/jeecg-boot') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'registry/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // one seeded embedded database per configuration, copied for each test server
          globalSetup: ['tests/server/template-setup.ts'],
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 180_000, // some tests start a server of their own: slow on a loaded 2-core CI machine
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // several API processes on one PostgreSQL database (DATABASE_URL; skipped without it)
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // the wire a JeecgBoot client reads, asserted from the JeecgBoot contract (real database)
          name: 'contract',
          // one seeded embedded database per configuration, copied for each test server
          globalSetup: ['tests/server/template-setup.ts'],
          include: ['tests/contract/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // attacks against the real server, one file per class (docs/security.md)
          name: 'security',
          // one seeded embedded database per configuration, copied for each test server
          globalSetup: ['tests/server/template-setup.ts'],
          include: ['tests/security/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000, // a full server start on a loaded 2-core machine, as the server project
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // one built app and one seed for every browser test (tests/e2e/global-setup.ts)
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
