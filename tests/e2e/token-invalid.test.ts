import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2eApp, type E2eApp } from './app.js';

/**
 * The token-invalid flow of spec 8 in Chromium: a JeecgBoot 2.x server answers
 * an expired token with HTTP 500 and the text Token失效，请重新登录! (ours answers 401 — wire
 * policy — so that answer is played by the browser's request routing for one call). The shell
 * shows the 登录已过期 modal; 重新登录 signs out and reloads onto the login page.
 */

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => app?.close());

describe('token invalid (spec 8 "HTTP 500 with the token-invalid text")', () => {
  it('shows the 登录已过期 modal while signed in; 重新登录 ends the session on the login page', async () => {
    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, app.server.url);
    await page.route(/\/jeecg-boot\/online\/cgform\/api\/getData\//, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Token失效，请重新登录!', code: 500, result: null, timestamp: Date.now() }),
      }),
    );
    await page.goto(`${app.server.url}/online/cgformList/fin_bank_account`);
    const modal = page.locator('.ant-modal-confirm');
    await modal.locator('.ant-modal-confirm-title').getByText('登录已过期', { exact: true }).waitFor();
    await modal.getByText('很抱歉，登录已过期，请重新登录').waitFor();
    // one modal however many calls fail
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);

    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: '重新登录' }).click();
    await reloaded;
    await page.waitForURL(/\/user\/login/);
    await page.locator('#username').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await ctx.close();
  });

  it('also for a blob call: the 导出 answer is read as JSON and shows the same modal', async () => {
    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, app.server.url);
    await page.goto(`${app.server.url}/online/cgformList/fin_bank_account`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    await page.route(/\/jeecg-boot\/online\/cgform\/api\/exportXls\//, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Token失效，请重新登录!', code: 500, result: null, timestamp: Date.now() }),
      }),
    );
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const modal = page.locator('.ant-modal-confirm');
    await modal.locator('.ant-modal-confirm-title').getByText('登录已过期', { exact: true }).waitFor();
    await modal.getByText('很抱歉，登录已过期，请重新登录').waitFor();
    await ctx.close();
  });
});
