import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// Scheduled jobs, online users and settings in Chromium.

let app: E2eApp;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  app = await startE2eApp();
  page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  await signIn(page, app.server.url);
});
afterAll(async () => {
  await app?.close();
});

const menu = async (name: string) => {
  const sider = page.locator('.ant-layout-sider');
  const item = sider.getByText(name, { exact: true });
  if (!(await item.isVisible())) await sider.getByText('系统管理', { exact: true }).click();
  await item.click();
};
/** The open tab's view (lists of other tabs stay mounted, hidden, when kept alive). */
const view = () => page.locator('.tab-view:visible');
const jobRow = (className: string) => view().locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: className });
const confirmPop = () =>
  page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

describe('定时任务: start, stop and run once from the list', () => {
  it('lists the seeded jobs with their row actions', async () => {
    await menu('定时任务');
    await page.waitForURL(/\/isystem\/QuartzJobList$/);
    await expect.poll(() => jobRow('示例任务（输出一行日志）').count(), { timeout: 20_000 }).toBe(1);
    const row = jobRow('示例任务（输出一行日志）');
    expect(await row.locator('[data-row-action=resume]').count()).toBe(1);
    expect(await row.locator('[data-row-action=pause]').count()).toBe(0);
    expect(await row.locator('[data-row-action=execute]').count()).toBe(1);
  });

  it('starts a stopped job: the row then offers 停止', async () => {
    await jobRow('示例任务（输出一行日志）').locator('[data-row-action=resume]').click();
    await confirmPop();
    await page.locator('.ant-message').getByText('恢复定时任务成功').waitFor();
    await expect.poll(() => jobRow('示例任务（输出一行日志）').locator('[data-row-action=pause]').count()).toBe(1);
    await jobRow('示例任务（输出一行日志）').locator('[data-row-action=pause]').click();
    await confirmPop();
    await page.locator('.ant-message').getByText('停止定时任务成功').waitFor();
    await expect.poll(() => jobRow('示例任务（输出一行日志）').locator('[data-row-action=resume]').count()).toBe(1);
  });

  it('runs a job once', async () => {
    await jobRow('示例任务（输出一行日志）').locator('[data-row-action=execute]').click();
    await confirmPop();
    await page.locator('.ant-message').getByText('执行成功!').waitFor();
  });
});

describe('在线用户 and 系统设置', () => {
  it('shows the admin’s own session as the current one', async () => {
    await menu('在线用户');
    await page.waitForURL(/\/isystem\/online$/);
    const own = view().locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'admin' });
    await expect.poll(() => own.getByText('当前会话').count(), { timeout: 20_000 }).toBe(1);
  });

  it('force-logs-out another session', async () => {
    // the browser tests share one app: other files may have left sessions of this user open
    const rows = view().locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'wangfang' });
    await view()
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await view().locator('.ant-table-tbody').waitFor();
    const before = await rows.count();
    const other = await app.browser.newPage();
    await signIn(other, app.server.url, 'wangfang');
    await view()
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(before + 1);
    for (let left = before + 1; left > 0; left--) {
      await rows.first().locator('[data-action=force-logout]').click();
      await confirmPop();
      await page.locator('.ant-message').getByText('退出登录成功！').last().waitFor();
      await expect.poll(() => rows.count()).toBe(left - 1);
    }
    // the other browser's next call is refused: it lands on the login page
    await other.reload();
    await other.waitForURL(/\/user\/login/, { timeout: 20_000 });
    await other.close();
  });

  it('saves a setting', async () => {
    await menu('系统设置');
    await page.waitForURL(/\/isystem\/setting$/);
    const name = page.locator('[data-page=system-setting] input#platformName');
    await expect.poll(() => name.inputValue(), { timeout: 20_000 }).toBe('办公管理系统');
    await name.fill('中恒办公平台');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    // the browser tests share one app: put the name back for the others
    await name.fill('办公管理系统');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const stored = () =>
      page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string;
        const res = await fetch('/jeecg-boot/sys/setting/queryAll', { headers: { 'X-Access-Token': token } });
        return ((await res.json()) as { result: { platformName: string } }).result.platformName;
      });
    await expect.poll(stored).toBe('办公管理系统');
  });

  it('raised no page error and no server fault', () => {
    expect(problems).toEqual([]);
  });
});
