import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/bench/server-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-signal-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The real server process (npm start's entry point) on the embedded database.
describe.skipIf(!!process.env.DATABASE_URL)('the server process', () => {
  it('stops on SIGTERM, releasing its data folder', async () => {
    const server = await startServerProcess({
      port: 18000 + Math.floor(Math.random() * 900),
      dataDir,
      env: { ADMIN_PASSWORD: 'Signal-pass-2026', CAPTCHA: 'off', SEED_DEMO: 'off', SHUTDOWN_TIMEOUT_MS: '5000' },
    });
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const code = await exited;
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(fs.existsSync(path.join(dataDir, 'instance.lock'))).toBe(false);
  });
});
