import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// The online form designer's head list in Chromium: built-in screens listed read-only, a copy
// made editable, synced, put in the menu and opened at once — no restart.

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

const row = (text: string) => page.locator('[data-page=cgform-list] .ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const ok = () =>
  page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

describe('在线表单开发', () => {
  it('lists the built-in screens, copies one, syncs it, adds it to the menu and opens it', async () => {
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('在线开发', { exact: true }).click();
    await sider.getByText('在线表单开发', { exact: true }).click();
    await page.waitForURL(/\/online\/cgform$/);
    await page.locator('[data-page=cgform-list] input#tableName').fill('wms_vehicle');
    await page
      .locator('[data-page=cgform-list]')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => row('车辆台账').first().textContent(), { timeout: 20_000 }).toContain('内置');
    expect(await row('车辆台账').first().locator('[data-action=sync]').count()).toBe(0);

    await row('车辆台账').first().locator('[data-action=copy]').click();
    await page.locator('.ant-message').getByText('复制成功！').waitFor();
    const copy = row('wms_vehicle_copy1');
    await expect.poll(() => copy.textContent(), { timeout: 20_000 }).toContain('未同步');

    await copy.locator('[data-action=sync]').click();
    await ok();
    await page.locator('.ant-message').getByText('同步数据库成功!').waitFor();
    await expect.poll(() => copy.textContent()).toContain('已同步');

    await copy.locator('[data-action=menu]').click();
    const modal = page.locator('.ant-modal:visible');
    await modal.locator('.ant-select').click();
    await page.locator('.ant-select-tree-title', { hasText: /^在线开发$/ }).click();
    await ok();
    await page.locator('.ant-message').getByText('添加菜单成功！').waitFor();

    await copy.locator('[data-action=open]').click();
    await page.waitForURL(/\/online\/cgformList\/wms_vehicle_copy1$/);
    await page.locator('.ant-table-thead').getByText('车牌号', { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.locator('.ant-empty').first().waitFor();
    expect(problems).toEqual([]);
  });
});
