import { describe, expect, it } from 'vitest';
import { openSideMenu } from './app.js';
import { app, editor, headRow, message, modalOk, page, problems, tab, useEditorPage } from './cgform-editor-helpers.js';

// The 外键 tab of the online form editor in Chromium: a built-in sub table's link shown read-only,
// and the foreign-key field of an authored main screen chosen and saved into that screen.
useEditorPage();

describe('在线表单开发 editor', () => {
  it('shows a sub table’s main table and foreign-key field in 外键, read-only', async () => {
    const close = page.locator('.ant-modal:visible .ant-modal-close');
    if (await close.count()) await close.first().click();
    await openSideMenu(page, '在线开发', '在线表单开发');
    const list = page.locator('[data-page=cgform-list]');
    await list.locator('input#tableName').fill('pm_order_item');
    await list.locator('input#tableName').press('Enter');
    await expect.poll(() => list.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
    await headRow('pm_order_item').locator('[data-action=view]').click();
    await editor().waitFor();
    await tab('外键');
    const links = editor().locator('[data-grid=fk] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => links.count(), { timeout: 20_000 }).toBe(1);
    // main screen, its table and field, the sub field holding its id, the relation, where it is edited
    expect(await links.first().textContent()).toMatch(/项目订单.*pm_order.*id.*order_id.*一对多.*内置主表，只读/);
    await close.first().click();
    expect(problems).toEqual([]);
  }, 120_000);

  it('chooses the foreign-key field of an authored main screen in 外键 and saves it into that screen', async () => {
    const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value)) as string;
    const api = async (method: string, path: string, body?: unknown) =>
      (await (
        await fetch(`${app.server.url}/jeecg-boot${path}`, {
          method,
          headers: { 'X-Access-Token': token, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json()) as { success: boolean; result: any };
    const sub = {
      id: 'e2e_fk_line',
      title: '外键明细',
      tableName: 'e2e_fk_line',
      tableType: 'sub',
      template: 'normal',
      authPre: 'e2e:fk_line',
      fields: [
        { name: 'item', title: '物品', widget: 'input', dbType: 'string' },
        { name: 'headId', title: '旧外键', widget: 'input', dbType: 'string' },
        { name: 'orderRef', title: '新外键', widget: 'input', dbType: 'string' },
      ],
    };
    const main = {
      id: 'e2e_fk_head',
      title: '外键主表',
      tableName: 'e2e_fk_head',
      tableType: 'main',
      template: 'normal',
      authPre: 'e2e:fk_head',
      subTables: [{ id: 'e2e_fk_line', foreignKey: 'headId' }],
      fields: [{ name: 'code', title: '编码', widget: 'input', dbType: 'string' }],
    };
    expect((await api('POST', '/online/cgform/api/addAll', { schema: sub })).success).toBe(true);
    expect((await api('POST', '/online/cgform/api/addAll', { schema: main })).success).toBe(true);
    try {
      await page.reload();
      await openSideMenu(page, '在线开发', '在线表单开发');
      const list = page.locator('[data-page=cgform-list]');
      await list.locator('input#tableName').fill('e2e_fk_line');
      await list.locator('input#tableName').press('Enter');
      await expect.poll(() => list.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
      await headRow('e2e_fk_line').locator('[data-action=edit]').click();
      await editor().waitFor();
      await tab('外键');
      await editor().locator('[data-field=fk-e2e_fk_head] .ant-select-selector').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'order_ref（新外键）' }).click();
      await modalOk();
      await message('修改成功！');
      const saved = await api('GET', '/online/cgform/head/schema?id=e2e_fk_head');
      expect(saved.result.schema.subTables).toEqual([{ id: 'e2e_fk_line', foreignKey: 'orderRef' }]);
      expect(saved.result.version).toBe(2);
      expect(problems).toEqual([]);
    } finally {
      await api('DELETE', '/online/cgform/head/delete?id=e2e_fk_head');
      await api('DELETE', '/online/cgform/head/delete?id=e2e_fk_line');
    }
  }, 120_000);
});
