import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, signedInPage, startE2eApp, type E2eApp } from './app.js';

// 按角色预览 in Chromium: the admin opens 车辆台账 from the form head list as wms_demo would see it
// (role 仓储 → user wms_demo): the same buttons and the same number of rows wms_demo gets when
// signed in, read-only, without signing in as them.

let app: E2eApp;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

/** What wms_demo sees on 车辆台账 when signed in: the toolbar buttons and the list's total. */
async function wmsOwnView(): Promise<{ add: number; batchDelete: number; total: string }> {
  const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const p = await ctx.newPage();
  await signIn(p, app.server.url, 'wms_demo');
  await p.goto(`${app.server.url}/online/cgformList/wms_vehicle`);
  const total = p.locator('.ant-pagination-total-text');
  await total.waitFor({ timeout: 20_000 });
  const seen = {
    add: await p.getByRole('button', { name: /新\s*增/ }).count(),
    batchDelete: await p.getByRole('button', { name: /批量删除/ }).count(),
    total: /共\s*(\d+)/.exec((await total.textContent()) ?? '')?.[1] ?? '',
  };
  await ctx.close();
  return seen;
}

describe('按角色预览', () => {
  it('shows 车辆台账 as wms_demo gets it: same buttons and rows, read-only', async () => {
    await page.goto(`${app.server.url}/online/cgform`);
    await page.locator('[data-page=cgform-list] input#tableName').fill('wms_vehicle');
    await page
      .locator('[data-page=cgform-list]')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    // the search matches by prefix and other files copy 车辆台账 (same title): the row of wms_vehicle itself
    const head = page
      .locator('[data-page=cgform-list] .ant-table-tbody tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: 'wms_vehicle', exact: true }) })
      .first();
    await head.locator('[data-action=view-as]').click();
    const modal = page.locator('.ant-modal:visible [data-page=cgform-view-as]');
    await modal.waitFor();
    await modal.locator('[data-field=user] .ant-select-selector').click();
    await page.keyboard.type('wms_demo');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'wms_demo' }).first().click();
    const buttons = modal.locator('[data-result=buttons]');
    await buttons.getByText('新增', { exact: true }).waitFor({ timeout: 20_000 });
    const labels = await buttons.locator('.ant-tag').allTextContents();
    expect(labels).not.toContain('删除');
    expect(labels).not.toContain('批量删除');
    const caption = (await modal.locator('[data-result=rows] .ant-table-title').textContent()) ?? '';
    await expect.poll(() => modal.locator('[data-result=rows] .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await modal.locator('[data-result=rows] .ant-table-thead').getByText('车牌号').count()).toBe(1);

    const own = await wmsOwnView();
    expect(own.add).toBe(1);
    expect(own.batchDelete).toBe(0);
    expect(/(\d+)/.exec(caption)?.[1]).toBe(own.total);

    // a user without the screen's menu: told so, no rows
    await modal.locator('[data-field=user] .ant-select-selector').click();
    await page.keyboard.type('oa_demo');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'oa_demo' }).first().click();
    await modal.locator('[data-result=no-menu]').waitFor();
    expect(problems).toEqual([]);
  });
});
