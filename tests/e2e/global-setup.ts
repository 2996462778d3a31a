import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../scripts/bench/server-process.js';
import { projectRoot } from '../../src/server/config.js';
import { E2E_PASSWORD } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** address of the one app server every browser test shares */
    e2eServerUrl: string;
  }
}

/**
 * Starts the built app once for the whole browser suite (npm run build ran in pretest:e2e): a real
 * server process on a fresh embedded database seeded with the demo data, shared by every test
 * file through `inject('e2eServerUrl')`; stopped and its data folder removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(projectRoot, 'dist/client/index.html'))) throw new Error('dist/client is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-e2e-'));
  const server = await startServerProcess({
    port: 19000 + Math.floor(Math.random() * 900),
    dataDir,
    env: {
      ADMIN_PASSWORD: E2E_PASSWORD,
      CAPTCHA: 'off',
      AUTH_RATE_PER_IP: '100000',
      AUTH_RATE_PER_ACCOUNT: '100000',
      // no load shedding: the browsers share the machine with the server (tests/server/operations.test.ts proves it)
      MAX_EVENT_LOOP_DELAY_MS: '0',
      SCHEMAS_DIR: ['schemas', 'tests/e2e/schemas'].join(path.delimiter),
    },
    // the first start seeds every business area; a busy shared machine needs more than the default
    startTimeoutMs: 600_000,
  });
  project.provide('e2eServerUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
