import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// The form head list's copy list and 从数据库导入表 in Chromium: 车辆台账 copied as a view (复制视图)
// is listed under its form (视图列表), not in the main list; put in the menu and opened it shows
// the form's rows; deleted from the view list. A table no screen uses (made here: a screen
// synced, then removed with 移除 which keeps the table) is imported from the database and listed.
// What this file adds (the view, its menu entry, the imported screen and its table) goes at the
// end: other files see the seed unchanged.

let app: E2eApp;
let page: Page;
const problems: string[] = [];
const addedMenus: string[] = [];
const IMPORTED = 'e2e_imp_visit';

beforeAll(async () => {
  app = await startE2eApp();
  page = await app.browser.newPage({ viewport: { width: 1600, height: 1000 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  await signIn(page, app.server.url);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page
      .screenshot({ path: `/tmp/cgform-copy-list-fail-${ctx.task.name.slice(0, 24).replace(/\W+/g, '_')}.png` })
      .catch(() => undefined);
});
afterAll(async () => {
  if (page) {
    if (addedMenus.length) await api('DELETE', `/sys/permission/deleteBatch?ids=${addedMenus.join(',')}`);
    await api('DELETE', '/online/cgform/head/delete?id=wms_vehicle_v1');
    await api('DELETE', `/online/cgform/head/delete?id=${IMPORTED}`);
  }
  await app?.close();
});

/** Calls the API as the signed-in admin; returns the JSON answer. */
async function api(method: string, path: string, body?: unknown) {
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value)) as string;
  const res = await fetch(`${app.server.url}/jeecg-boot${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

const list = () => page.locator('[data-page=cgform-list]');
const headRow = (id: string) => list().locator(`.ant-table-tbody tr[data-row-key="${id}"]`);
const views = () => page.locator('[data-page=cgform-views]');
const message = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor({ timeout: 20_000 });
const modal = (title: string) => page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const ok = (title: string) =>
  modal(title)
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

/** Picks `name` as the parent menu in 添加菜单 until it shows as the value, and closes the drop-down (a busy page may leave it open over the dialog's buttons). */
async function pickParentMenu(name: string) {
  const select = modal('添加菜单').locator('.ant-select').first();
  const picked = select.locator('.ant-select-selection-item');
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect
    .poll(
      async () => {
        if ((await picked.count()) && (await picked.textContent()) === name) return name;
        if (!(await dropdown.count())) await select.click({ timeout: 5_000 }).catch(() => undefined);
        await dropdown
          .locator('.ant-select-tree-title', { hasText: new RegExp(`^${name}$`) })
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return (await picked.count()) ? await picked.textContent() : '';
      },
      { timeout: 45_000 },
    )
    .toBe(name);
  await expect
    .poll(async () => {
      if (await dropdown.count())
        await modal('添加菜单')
          .locator('.ant-modal-title')
          .click({ timeout: 5_000 })
          .catch(() => undefined);
      return dropdown.count();
    })
    .toBe(0);
}

async function search(tableName: string) {
  await list().locator('input#tableName').fill(tableName);
  await list()
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

describe('在线表单开发: copy list and import', () => {
  it('copies 车辆台账 as a view, lists it under its form, opens it with the same rows and deletes it', async () => {
    await page.goto(`${app.server.url}/online/cgform`);
    await search('wms_vehicle');
    await headRow('wms_vehicle').locator('[data-action=copy-view]').click({ timeout: 30_000 });
    await message('复制成功！');
    // the main list shows the physical form (marked 有视图), not the view
    await expect.poll(() => headRow('wms_vehicle').textContent(), { timeout: 20_000 }).toContain('有视图');
    expect(await headRow('wms_vehicle_v1').count()).toBe(0);

    await headRow('wms_vehicle').locator('[data-action=views]').click();
    const view = views().locator('.ant-table-tbody tr[data-row-key="wms_vehicle_v1"]');
    await expect.poll(() => view.textContent(), { timeout: 20_000 }).toContain('车辆台账（视图）');

    // like any screen it reads through a menu entry
    await view.locator('[data-action=menu]').click();
    await pickParentMenu('在线开发');
    const added = page.waitForResponse((r) => r.url().includes('/head/addMenu'), { timeout: 20_000 });
    await ok('添加菜单');
    const menuId = ((await (await added).json()) as { result?: { menuId?: string } }).result?.menuId;
    if (menuId) addedMenus.push(menuId);
    await message('添加菜单成功！');

    await view.locator('[data-action=open]').click();
    await page.waitForURL(/\/online\/cgformList\/wms_vehicle_v1$/);
    const owner = await api('GET', '/online/cgform/api/getData/wms_vehicle?pageSize=10');
    expect(owner.result.total).toBeGreaterThan(0);
    await page.getByText(`共${owner.result.total}条`).first().waitFor({ timeout: 20_000 });
    const plate = String(owner.result.records[0].plate_no);
    await page.locator('.ant-table-tbody').getByText(plate, { exact: true }).first().waitFor();

    // out of the menu (as 菜单管理 would), then deleted from the view list; the form's rows stay
    expect((await api('DELETE', `/sys/permission/deleteBatch?ids=${addedMenus.splice(0).join(',')}`)).success).toBe(true);
    await page.goto(`${app.server.url}/online/cgform`);
    await search('wms_vehicle');
    await headRow('wms_vehicle').locator('[data-action=views]').click({ timeout: 30_000 });
    await view.locator('[data-action=delete]').click();
    const deleted = page.waitForResponse((r) => r.url().includes('/head/delete'), { timeout: 20_000 });
    await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
    expect(await (await deleted).json()).toMatchObject({ success: true });
    await message('删除成功!');
    await expect.poll(() => view.count(), { timeout: 20_000 }).toBe(0);
    expect((await api('GET', '/online/cgform/api/getData/wms_vehicle?pageSize=10')).result.total).toBe(owner.result.total);
    expect(problems).toEqual([]);
  });

  it('imports a table from the database (从数据库导入表) and lists it', async () => {
    // a table no screen uses: a screen synced, then removed with its table kept
    const schema = {
      id: IMPORTED,
      title: '来访登记',
      tableName: IMPORTED,
      tableType: 'single',
      template: 'normal',
      authPre: `online:${IMPORTED}`,
      fields: [{ name: 'visitor', title: '访客', widget: 'input', dbType: 'string', dbLength: 50 }],
    };
    expect((await api('POST', '/online/cgform/api/addAll', { schema })).success).toBe(true);
    expect((await api('POST', `/online/cgform/api/doDbSynch/${IMPORTED}/normal`, {})).success).toBe(true);
    expect((await api('DELETE', `/online/cgform/head/removeRecord?id=${IMPORTED}`)).success).toBe(true);

    await page.goto(`${app.server.url}/online/cgform`);
    await list().locator('[data-action=import]').click({ timeout: 30_000 });
    const dialog = modal('从数据库导入表');
    await dialog.getByPlaceholder('按表名查询').fill('e2e_imp');
    await dialog.getByPlaceholder('按表名查询').press('Enter');
    const table = dialog.locator(`[data-page=cgform-import] tr[data-row-key="${IMPORTED}"]`);
    await table.locator('.ant-checkbox-input').check({ timeout: 20_000 });
    await ok('从数据库导入表');
    await message('同步成功!');
    await search(IMPORTED);
    await expect.poll(() => headRow(IMPORTED).textContent(), { timeout: 20_000 }).toContain('未同步');
    expect(problems).toEqual([]);
  });
});
