import { expect, inject } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { launchTestBrowser } from './browser.js';
import { E2E_PASSWORD } from './constants.js';

export { E2E_PASSWORD };

export interface E2eApp {
  /** the shared app server (tests/e2e/global-setup.ts): its address */
  server: { url: string };
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Connects a test file to the one built app every browser test shares (started once by
 * tests/e2e/global-setup.ts on a fresh embedded database with the demo data) and launches
 * Debian's Chromium for it. Tests share the seed: a test that changes data makes its own rows
 * (or restores what it changed). A file that needs other server settings starts its own
 * server with startServerProcess.
 */
export async function startE2eApp(): Promise<E2eApp> {
  const url = inject('e2eServerUrl');
  const browser = await launchTestBrowser();
  return {
    server: { url },
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

/** The JSON envelope of an API answer (api-contract §1). */
export interface ApiAnswer {
  success: boolean;
  message: string;
  code?: number;
  result: any;
}

/**
 * One JSON call to the shared app's API (`/jeecg-boot` + `url`), as `token`'s user (none for the
 * anonymous calls such as sign-in); answers the envelope. For set-up and read-back no user does.
 */
export async function apiCall(app: E2eApp, token: string | null, method: string, url: string, body?: unknown): Promise<ApiAnswer> {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as ApiAnswer;
}

/** Signs `username` in through the API (password E2E_PASSWORD) and answers the token. */
export async function apiLogin(app: E2eApp, username: string): Promise<string> {
  const r = await apiCall(app, null, 'POST', '/sys/login', { username, password: E2E_PASSWORD });
  if (!r.success) throw new Error(`${username}: ${r.message}`);
  return r.result.token as string;
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

/**
 * Chooses the header user menu's item `testId` (e.g. 'logout', 'account-menu-center') as a user
 * would: the pointer leaves and enters the user area (the dropdown opens on mouse enter) until
 * the item shows — a header re-rendered under a resting pointer, or a popup still animating on a
 * loaded machine, gets another hover instead of a 30-second wait — then the item is clicked.
 */
export async function chooseUserMenu(page: Page, testId: string): Promise<void> {
  const item = page.getByTestId(testId);
  await expect
    .poll(
      async () => {
        if (await item.isVisible()) return true;
        await page.mouse.move(0, 300);
        await page.locator('.header-user').hover();
        return item.waitFor({ state: 'visible', timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 45_000, message: `the user menu shows ${testId}` },
    )
    .toBe(true);
  await item.dispatchEvent('click');
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, username = 'admin', password = E2E_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/dashboard\/analysis/);
}

/**
 * Clicks side-menu entry `item` under group `group`, as a user would: the group is opened (again)
 * while the entry is not visible — a group still sliding closed after the last navigation (one
 * root group open at a time) is opened once it has closed. Resolves when the entry's tab is active.
 */
export async function openSideMenu(page: Page, group: string, item: string): Promise<void> {
  const sider = page.locator('.ant-layout-sider');
  const entry = sider.getByText(item, { exact: true });
  const groupTitle = sider.locator('.ant-menu-submenu-title').filter({ hasText: group }).first();
  await expect
    .poll(
      async () => {
        if (!(await entry.isVisible()) && (await groupTitle.getAttribute('aria-expanded')) !== 'true')
          await groupTitle.click({ timeout: 5_000 }).catch(() => undefined);
        await entry.click({ timeout: 5_000 }).catch(() => undefined);
        return (await page.locator('.page-tabs .ant-tabs-tab-active').textContent())?.trim();
      },
      { timeout: 45_000, message: `${group} → ${item} opens from the side menu` },
    )
    .toBe(item);
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
