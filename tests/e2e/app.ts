import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';
import { CHROMIUM_ARGS } from './browser.js';
import { projectRoot } from '../../src/server/config.js';

export const E2E_PASSWORD = 'E2e-pass-2026';

export interface E2eApp {
  server: RunningServer;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts the built app (npm run build ran in pretest:e2e) as a real server process on a fresh
 * embedded database with the demo data, plus Debian's Chromium driven by Playwright.
 */
export async function startE2eApp(): Promise<E2eApp> {
  if (!fs.existsSync(path.join(projectRoot, 'dist/client/index.html'))) throw new Error('dist/client is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-e2e-'));
  const server = await startServerProcess({
    port: 19000 + Math.floor(Math.random() * 900),
    dataDir,
    env: { ADMIN_PASSWORD: E2E_PASSWORD, CAPTCHA: 'off', SCHEMAS_DIR: ['schemas', 'tests/e2e/schemas'].join(path.delimiter) },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedInPage {
  page: Page;
  /** the session's access token (for API calls beside the page) */
  token: string;
  /** page errors and HTTP 5xx answers seen by the page; a test ends by expecting none */
  problems: string[];
}

/** A new page of `app` (1440×900 unless told) signed in as admin, recording its problems. */
export async function signedInPage(app: E2eApp, viewport = { width: 1440, height: 900 }): Promise<SignedInPage> {
  const problems: string[] = [];
  const page = await app.browser.newPage({ viewport });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  await signIn(page, app.server.url);
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value)) as string;
  return { page, token, problems };
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, username = 'admin', password = E2E_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/dashboard\/analysis/);
}

/** The Formily form item (in the open modal) whose label is `label`. */
export function formItem(page: Page, label: string) {
  return page.locator('.ant-modal:visible .ant-formily-item').filter({ has: page.locator(`label:text-is("${label}")`) });
}

/** Picks `option` in the antd Select of the form item `label`, typing `search` first when given. */
export async function pickSelect(page: Page, label: string, option: string, search?: string): Promise<void> {
  const item = formItem(page, label);
  await item.locator('.ant-select-selector').click();
  if (search) await item.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}
