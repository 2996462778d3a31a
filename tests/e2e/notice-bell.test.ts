import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, signIn, startE2eApp, type E2eApp } from './app.js';

// The notice bell in Chromium — a release by the admin reaches a
// signed-in user over the websocket without a reload; opening the notice marks it read.

let app: E2eApp;
let user: Page;
let admin: Page;
const problems: string[] = [];

/** Calls the API as the admin (outside the browser): the JeecgBoot envelope. */
async function adminApi(method: 'GET' | 'POST', path: string, token: string, body?: unknown) {
  const res = await fetch(`${app.server.url}/jeecg-boot${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

let adminToken = '';
const bellCount = async (page: Page) =>
  Number((await page.locator('[data-testid=notice-bell] .ant-badge-count').getAttribute('title')) ?? 0);

beforeAll(async () => {
  app = await startE2eApp();
  user = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
  user.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  user.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  const login = await fetch(`${app.server.url}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_PASSWORD }),
  });
  adminToken = ((await login.json()) as { result: { token: string } }).result.token;
});
afterAll(async () => {
  await app?.close();
});

describe('the notice bell', () => {
  let before = 0;
  let unread = { anntMsgTotal: 0, sysMsgTotal: 0 };
  let socketOpened = false;

  it('shows the unread count of the signed-in user and opens its websocket', async () => {
    user.on('websocket', (ws) => {
      if (ws.url().includes('/jeecg-boot/websocket/')) socketOpened = true;
    });
    await signIn(user, app.server.url, 'wangfang');
    // the demo data gives her two notices to everyone and one system message to the finance staff;
    // other test files on the shared server may have sent her more: the server's answer is the truth
    const token = await user.evaluate(() => localStorage.getItem('pro__Access-Token'));
    const res = await fetch(`${app.server.url}/jeecg-boot/sys/annountCement/listByUser`, {
      headers: { 'x-access-token': JSON.parse(token ?? '{}').value ?? '' },
    });
    unread = ((await res.json()) as { result: typeof unread }).result;
    expect(unread.anntMsgTotal).toBeGreaterThanOrEqual(2);
    expect(unread.sysMsgTotal).toBeGreaterThanOrEqual(1);
    await expect.poll(() => bellCount(user), { timeout: 20_000 }).toBe(unread.anntMsgTotal + unread.sysMsgTotal);
    before = await bellCount(user);
    await expect.poll(() => socketOpened, { timeout: 10_000 }).toBe(true);
  });

  it('counts a notice released by the admin without a reload, and tells the user', async () => {
    const add = await adminApi('POST', '/sys/annountCement/add', adminToken, {
      titile: '端到端测试：紧急停电通知',
      msgContent: '<p>今晚 20:00 至 22:00 办公楼停电检修。</p>',
      msgCategory: '1',
      priority: 'H',
      msgType: 'ALL',
    });
    expect(add.success).toBe(true);
    const release = await adminApi('GET', `/sys/annountCement/doReleaseData?id=${String(add.result)}`, adminToken);
    expect(release).toMatchObject({ success: true, message: '该系统通知发布成功' });
    // pushed over the websocket: well within the 6 s a poll would need
    await expect.poll(() => bellCount(user), { timeout: 4_000, interval: 200 }).toBe(before + 1);
    await user.locator('.ant-notification-notice').getByText('端到端测试：紧急停电通知').waitFor();
  });

  it('opens the notice from the popover: detail dialog with its priority tag, then the count falls', async () => {
    await user.getByTestId('notice-bell').click();
    const pop = user.locator('.header-notice-popover');
    await pop.waitFor();
    expect(await pop.locator('.ant-tabs-tab').allTextContents()).toEqual([
      `通知(${unread.anntMsgTotal + 1})`,
      `系统消息(${unread.sysMsgTotal})`,
    ]);
    await pop.getByText('端到端测试：紧急停电通知').click();
    const dialog = user.getByTestId('announcement-detail');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('今晚 20:00 至 22:00 办公楼停电检修。');
    expect(await dialog.locator('.ant-tag').textContent()).toBe('紧急消息');
    expect(await dialog.locator('.ant-tag-red').count()).toBe(1);
    await expect.poll(() => bellCount(user), { timeout: 10_000 }).toBe(before);
    await user
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
  });

  it('offers 去处理 for a url-type system message and leads to its page', async () => {
    await user.getByTestId('notice-bell').click();
    const pop = user.locator('.header-notice-popover');
    await pop.getByRole('tab', { name: /系统消息/ }).click();
    await pop.getByText('请核对本月银行账户余额').click();
    await user.getByTestId('announcement-detail').waitFor();
    await user.getByTestId('announcement-handle').click();
    await user.waitForURL(/\/online\/cgformList\/fin_bank_account$/);
    await expect.poll(() => bellCount(user), { timeout: 10_000 }).toBe(before - 1);
  });

  it('查看更多 leads to the user’s own announcements, read ones marked', async () => {
    await user.getByTestId('notice-bell').click();
    await user.locator('.header-notice-popover').getByRole('button', { name: '查看更多' }).first().click();
    await user.waitForURL(/\/isps\/userAnnouncement$/);
    const row = user
      .locator('[data-page=user-announcements] .ant-table-tbody tr.ant-table-row')
      .filter({ hasText: '端到端测试：紧急停电通知' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.textContent()).toContain('已读');
    expect(await row.textContent()).toContain('紧急消息');
  });
});

describe('the admin announcement screen', () => {
  it('releases a draft with the 发布 row action; the user’s bell rises at once', async () => {
    const start = await bellCount(user);
    admin = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(admin, app.server.url);
    await admin.goto(`${app.server.url}/isystem/annountCement`);
    const row = admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '关于开展年度消防安全检查的通知' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.locator('[data-row-action=revoke]').count()).toBe(0);
    await row.locator('[data-row-action=release]').click();
    await admin
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await admin.locator('.ant-message').getByText('该系统通知发布成功').waitFor();
    await expect.poll(() => row.locator('[data-row-action=revoke]').count()).toBe(1);
    await expect.poll(() => bellCount(user), { timeout: 4_000, interval: 200 }).toBe(start + 1);
    expect(problems).toEqual([]);
  });
});

describe('log and data-log pages', () => {
  it('lists the login log and finds a keyword in the operation log', async () => {
    await admin.goto(`${app.server.url}/isystem/log`);
    const rows = admin.locator('[data-page=sys-log] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain('登录成功');
    await admin.locator('[data-page=sys-log] .ant-tabs-tab').getByText('操作日志').click();
    await admin.locator('[data-page=sys-log] #keyWord').fill('annountCement/add');
    await admin
      .locator('[data-page=sys-log]')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect
      .poll(async () => (await rows.allTextContents()).every((t) => t.includes('annountCement/add')), { timeout: 10_000 })
      .toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
  });

  it('compares two versions of an edited record field by field', async () => {
    const page = await adminApi('GET', '/online/cgform/api/getData/fin_bank_account?pageNo=1&pageSize=1', adminToken);
    const id = String((page.result as { records: { id: string }[] }).records[0].id);
    const put = await fetch(`${app.server.url}/jeecg-boot/online/cgform/api/form/fin_bank_account`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-access-token': adminToken },
      body: JSON.stringify({ id, branchName: '端到端测试支行' }),
    });
    expect(((await put.json()) as { success: boolean }).success).toBe(true);
    await admin.goto(`${app.server.url}/sys/dataLog-list`);
    // other test files on the shared server may have logged edits too: this record's versions only
    const rows = admin.locator('[data-page=data-log] .ant-table-tbody tr.ant-table-row').filter({ hasText: id });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await admin.getByTestId('data-log-compare').click();
    const dialog = admin.locator('.ant-modal:visible');
    await dialog.getByText('数据比较').waitFor();
    const changed = dialog.locator('tr.data-log-changed');
    await expect.poll(() => changed.count()).toBeGreaterThan(0);
    expect(await changed.filter({ hasText: 'branch_name' }).textContent()).toContain('端到端测试支行');
    expect(problems).toEqual([]);
  });
});

describe('the bell when its load fails (spec 4.6, 8)', () => {
  it('polls while the websocket is down, and a failed load stops the polling without a message', async () => {
    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // the notice websocket never stays open: the bell falls back to polling
    await page.routeWebSocket(/\/jeecg-boot\/websocket\//, (ws) => ws.close());
    const loads: number[] = [];
    page.on('request', (r) => r.url().includes('/sys/annountCement/listByUser') && loads.push(Date.now()));
    await signIn(page, app.server.url, 'lina');
    // the first load, then polls (each socket attempt restarts the 6000 ms timer: no exact gap)
    await expect.poll(() => loads.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

    // from now on the server refuses the list
    let refused = 0;
    await page.route('**/sys/annountCement/listByUser*', (route) => {
      refused++;
      return route.fulfill({ json: { success: false, code: 500, message: '查询失败', result: null, timestamp: Date.now() } });
    });
    await expect.poll(() => refused, { timeout: 10_000 }).toBe(1);
    const atFailure = loads.length;
    // two more poll periods: no further load, and nothing is shown to the user
    await page.waitForTimeout(13_000);
    expect(loads.length).toBe(atFailure);
    expect(refused).toBe(1);
    expect(await page.locator('.ant-notification-notice, .ant-message-notice, .ant-modal-confirm').count()).toBe(0);
    await ctx.close();
    expect(problems).toEqual([]);
  });
});
