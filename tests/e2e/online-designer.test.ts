import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// The online designers' head lists in Chromium: built-in screens listed read-only, a copy made
// editable, synced, put in the menu and opened at once — no restart; an SQL report authored in
// the report head list (parse, edit, preview, menu, delete).

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

const report = (text: string) => page.locator('[data-page=cgreport-list] .ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const editor = () => page.locator('.ant-modal:visible [data-page=cgreport-editor]');
const message = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();

/** Fills the report editor's head, parses the SQL and waits for the column grid to show `firstColumn`. */
async function authorReport(code: string, name: string, sql: string, firstColumn: string) {
  await page.locator('[data-page=cgreport-list] [data-action=add]').click();
  await editor().locator('input#code').fill(code);
  await editor().locator('input#name').fill(name);
  await editor().locator('textarea#cgrSql').fill(sql);
  await editor().locator('[data-action=parse]').click();
  await message('解析成功');
  await editor().locator('[data-grid=items] .ant-table-tbody').getByText(firstColumn, { exact: true }).waitFor();
}

describe('Online报表配置', () => {
  it('adds an SQL report with parsed columns and parameters, edits, previews, puts it in the menu and deletes', async () => {
    problems.length = 0;
    const sider = page.locator('.ant-layout-sider');
    const entry = sider.getByText('Online报表配置', { exact: true });
    if (!(await entry.isVisible())) await sider.getByText('在线开发', { exact: true }).click();
    await entry.click();
    await page.waitForURL(/\/online\/cgreport$/);
    await page.locator('[data-page=cgreport-list] .ant-table-tbody').waitFor();

    await authorReport(
      'rp_e2e_depart',
      '部门清单',
      "select depart_name, org_code from sys_depart where depart_name like '%' || ${name} || '%'",
      'depart_name',
    );
    const items = editor().locator('[data-grid=items] .ant-table-tbody tr.ant-table-row');
    await items.filter({ hasText: 'depart_name' }).locator('input[data-cell=fieldTxt]').fill('部门名称');
    await items.filter({ hasText: 'org_code' }).locator('input[data-cell=fieldTxt]').fill('机构编码');
    await editor().getByRole('tab', { name: '报表参数' }).click();
    await editor().locator('[data-grid=params] .ant-table-tbody').getByText('name', { exact: true }).waitFor();
    await ok();
    await message('添加成功！');
    await expect.poll(() => report('rp_e2e_depart').count(), { timeout: 10_000 }).toBe(1);

    // edit: the saved columns come back; a new name is saved
    await report('rp_e2e_depart').locator('[data-action=edit]').click();
    await expect.poll(() => items.filter({ hasText: 'depart_name' }).locator('input[data-cell=fieldTxt]').inputValue()).toBe('部门名称');
    await editor().locator('input#name').fill('部门清单（全部）');
    await ok();
    await message('编辑成功!');
    await expect.poll(() => report('rp_e2e_depart').textContent()).toContain('部门清单（全部）');

    // preview: the report list page in a dialog, labelled columns and rows from the database
    await report('rp_e2e_depart').locator('[data-action=preview]').click();
    const preview = page.locator('.ant-modal:visible .report-list');
    await preview.locator('.ant-table-thead').getByText('部门名称', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => preview.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.locator('.ant-modal:visible .ant-modal-close').click();

    // into the menu under 在线开发; deleting it is then refused
    await report('rp_e2e_depart').locator('[data-action=menu]').click();
    await page.locator('.ant-modal:visible .ant-select').click();
    await page.locator('.ant-select-tree-title', { hasText: /^在线开发$/ }).click();
    await ok();
    await message('添加菜单成功！');
    await report('rp_e2e_depart').locator('[data-action=delete]').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await message('该报表已添加到菜单，请先从菜单中移除后再删除');
    expect(await report('rp_e2e_depart').count()).toBe(1);

    // a report outside the menu is deleted
    await authorReport('rp_e2e_tmp', '临时报表', 'select 1 as a', 'a');
    await ok();
    await message('添加成功！');
    await expect.poll(() => report('rp_e2e_tmp').count(), { timeout: 10_000 }).toBe(1);
    await report('rp_e2e_tmp').locator('[data-action=delete]').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await message('删除成功!');
    await expect.poll(() => report('rp_e2e_tmp').count(), { timeout: 10_000 }).toBe(0);
    expect(problems).toEqual([]);
  });
});
