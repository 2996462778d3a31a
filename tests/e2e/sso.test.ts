import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from 'playwright-core';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';
import { startFakeCas } from '../server/cas-server.js';
import { launchTestBrowser } from './browser.js';
import { chooseUserMenu, E2E_PASSWORD } from './app.js';

// Single sign-on (spec 2.1, 2.3, 7.1, 9) in the built app against a CAS-protocol server on
// loopback whose login signs in 王芳 at once and sends the browser back with a ticket.

let cas: Awaited<ReturnType<typeof startFakeCas>>;
let server: RunningServer;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-sso-'));

beforeAll(async () => {
  cas = await startFakeCas({ autoUser: 'wangfang' });
  const port = 19000 + Math.floor(Math.random() * 900);
  server = await startServerProcess({
    port,
    dataDir,
    // the origin the browser uses (startServerProcess's url): the only one a ticket's service may name
    env: {
      ADMIN_PASSWORD: E2E_PASSWORD,
      CAPTCHA: 'off',
      SEED_DEMO: 'off',
      CAS_SERVER_URL: cas.url,
      CAS_SERVICE_ORIGIN: `http://127.0.0.1:${port}`,
    },
  });
  browser = await launchTestBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await cas?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('single sign-on through CAS', () => {
  it('sends a visitor without a session to the CAS login, signs in with the returned ticket, and logs out of CAS too', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
    await page.goto(`${server.url}/isps/userAnnouncement`);
    // CAS login → /user/cas?redirect=…&ticket=… → validated → the page the visitor asked for
    await page.locator('.header-user').getByText('王芳').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/isps/userAnnouncement');
    expect(cas.validations).toHaveLength(1);
    expect(cas.validations[0].service).toBe(`${server.url}/user/cas?redirect=${encodeURIComponent('/isps/userAnnouncement')}`);
    // the ticket never stays in the address bar or history
    expect(page.url()).not.toContain('ticket=');

    await chooseUserMenu(page, 'logout');
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.locator('#cas-logged-out').waitFor();
    expect(cas.logouts).toEqual([`${server.url}/`]);
    // the logout was not overtaken by a new CAS sign-in
    expect(cas.validations).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a forged ticket as a failed sign-on with a way back to the CAS login', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/user/cas?ticket=ST-forged-123`);
    await expect.poll(() => page.getByTestId('cas-error').textContent()).toBe('单点登录凭证无效或已使用，请重新登录');
    expect(page.url()).not.toContain('ticket=');
    const retry = await page.getByRole('link', { name: '重新登录' }).getAttribute('href');
    expect(retry).toBe(`${cas.url}/login?service=${encodeURIComponent(`${server.url}/user/cas`)}`);
    await page.close();
  });
});
