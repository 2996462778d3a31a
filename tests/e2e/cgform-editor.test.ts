import { describe, expect, it } from 'vitest';
import { formItem, openSideMenu, pickSelect, signIn } from './app.js';
import {
  app,
  cell,
  editor,
  headRow,
  menuAdded,
  message,
  modalOk,
  page,
  pickCell,
  pickParentMenu,
  problems,
  setCell,
  shown,
  tab,
  tick,
  useEditorPage,
} from './cgform-editor-helpers.js';

// The online designers as a new admin uses them, in Chromium through the UI: a 车辆保养 screen
// authored in the handsontable grids (11 fields: dictionary select, user and department
// pickers, a date with a range query, an upload, money with the `money` rule, a textarea, a
// popup onto vehicles), saved, synced, put in the menu under 仓储与资产, granted to the
// warehouse role (仓管员) in the role permission screen; then wms_demo adds, queries and exports
// records — no code, no restart. 按角色预览 as wms_demo shows the buttons wms_demo had; a report
// authored over the table opens from its menu. The versions view diffs two saves and rolls
// back; the JS enhancement is stored (its history listed), never run. The menu entries made
// here are removed at the end (other files count the menus of the shared seed). Timeouts are
// generous: the grids and the 750-node permission tree are slow on a busy 2-core machine.
// Each test goes on from the last. The 外键 tab: cgform-editor-foreign-keys.test.ts.
useEditorPage();
/** The list buttons wms_demo is shown when signed in (compared with 按角色预览). */
const wmsButtons: string[] = [];

// column name, label, widget (the 数据库属性 / 页面属性 rows of the new screen)
const FIELDS: [string, string, string][] = [
  ['maint_no', '保养单号', 'input'],
  ['vehicle_plate', '保养车辆', 'popup'],
  ['maint_type', '保养类型', 'select'],
  ['handler', '经办人', 'sel_user'],
  ['maint_depart', '保养部门', 'sel_depart'],
  ['maint_date', '保养日期', 'date'],
  ['cost', '保养费用', 'inputNumber'],
  ['mileage', '保养里程', 'inputNumber'],
  ['content', '保养内容', 'textarea'],
  ['receipt', '保养单据', 'upload'],
  ['next_date', '下次保养日期', 'date'],
];
const at = (column: string) => FIELDS.findIndex((f) => f[0] === column);

describe('在线表单开发 editor', () => {
  it('authors 车辆保养 in the grids, refuses a bad save with the server’s message, saves, syncs and adds it to the menu', async () => {
    await openSideMenu(page, '在线开发', '在线表单开发');
    await page.locator('[data-page=cgform-list] [data-action=add]').click();
    await editor().waitFor();
    await editor().locator('input#tableName').fill('wms_vehicle_maint');
    await editor().locator('input#title').fill('车辆保养');
    await expect.poll(() => editor().locator('input#authPre').inputValue()).toBe('online:wms_vehicle_maint');

    // 数据库属性: eleven new rows named and labelled
    for (let i = 0; i < FIELDS.length; i++) await editor().locator('[data-action=add-row]').click();
    await expect.poll(() => editor().locator('[data-grid=db] .ht_master tbody tr').count()).toBe(FIELDS.length);
    for (const [i, [column, label]] of FIELDS.entries()) {
      await setCell('db', i, 0, column);
      await setCell('db', i, 1, label);
    }

    // 页面属性: widget types (a new type brings its db defaults), dictionary, popup
    await tab('页面属性');
    for (const [i, [, , widget]] of FIELDS.entries()) if (widget !== 'input') await pickCell('page', i, 5, widget);
    await setCell('page', at('maint_type'), 7, 'maintenance_type');
    await setCell('page', at('vehicle_plate'), 8, 'rp_pick_vehicle');
    await setCell('page', at('vehicle_plate'), 9, 'plate_no');
    await setCell('page', at('vehicle_plate'), 10, 'vehiclePlate');
    await setCell('page', at('handler'), 11, '#{sysUserCode}');
    await tick('page', at('content'), 3, false);

    // 校验字段: required, the money rule
    await tab('校验字段');
    for (const c of ['maint_no', 'maint_type', 'maint_date']) await tick('check', at(c), 2);
    await setCell('check', at('cost'), 3, 'money');

    // 查询配置: type single, date range
    await tab('查询配置');
    await tick('query', at('maint_type'), 2);
    await tick('query', at('maint_date'), 2);
    await pickCell('query', at('maint_date'), 3, 'range', '范围');

    // 数据库属性 again: the widget defaults are there; money becomes a decimal (18,2 by default)
    await tab('数据库属性');
    expect(await shown('db', at('cost'), 4)).toBe('int');
    expect(await shown('db', at('maint_date'), 4)).toBe('Date');
    expect(await shown('db', at('content'), 2)).toBe('500');
    await pickCell('db', at('cost'), 4, 'BigDecimal');
    expect(await shown('db', at('cost'), 2)).toBe('18');
    expect(await shown('db', at('cost'), 3)).toBe('2');
    expect(await cell('db', at('maint_no'), 5).locator('input').isChecked()).toBe(false);

    // a bad column name is refused by the server, which names the field and the rule
    await setCell('db', at('mileage'), 0, 'Mileage-km');
    await modalOk();
    await editor().locator('[data-part=refused]').waitFor();
    expect(await editor().locator('[data-part=refused]').textContent()).toMatch(/\/fields\/7\/name/);
    await setCell('db', at('mileage'), 0, 'mileage');

    const saved = page.waitForResponse((r) => r.url().includes('/online/cgform/api/addAll'), { timeout: 20_000 });
    await modalOk();
    const body = (await (await saved).json()) as { success: boolean; message: string };
    expect(body, body.message).toMatchObject({ success: true });
    await message('添加成功！');
    const row = headRow('wms_vehicle_maint');
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('未同步');

    await row.locator('[data-action=sync]').click();
    await modalOk();
    await message('同步数据库成功!');
    await expect.poll(() => row.textContent()).toContain('已同步');

    await row.locator('[data-action=menu]').click();
    await pickParentMenu('仓储与资产');
    const menu = menuAdded('/online/cgform/head/addMenu');
    await modalOk();
    expect(await menu).toMatchObject({ success: true });
    await message('添加菜单成功！');
    expect(problems).toEqual([]);
  }, 300_000);

  it('grants 车辆保养 to the warehouse role in the role permission screen', async () => {
    await openSideMenu(page, '系统管理', '角色管理');
    const role = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '仓管员' }).first();
    await role.locator('[data-row-action="authorize"]').click();
    await page.locator('.ant-drawer').getByText('角色权限配置：仓管员').waitFor();
    for (const text of ['车辆保养', 'online:wms_vehicle_maint:add', 'online:wms_vehicle_maint:export']) {
      // the tree draws only the rows in view: its search brings the node there
      await page.locator('.ant-drawer').getByPlaceholder('搜索菜单或授权标识').fill(text);
      const node = page
        .locator('.ant-drawer .ant-tree-treenode:not([aria-hidden])')
        .filter({ has: page.getByText(text, { exact: true }) })
        .first();
      await node.waitFor();
      await node.locator('.ant-tree-checkbox').click();
      await expect.poll(() => node.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    }
    await page.getByTestId('perm-save-close').click();
    await message('保存成功！');
    expect(problems).toEqual([]);
  }, 240_000);

  it('lets wms_demo add, query and export 车辆保养 records at once', async () => {
    const demo = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const demoProblems: string[] = [];
    demo.on('pageerror', (e) => demoProblems.push(`pageerror: ${e.message}`));
    demo.on('response', (r) => r.status() >= 500 && demoProblems.push(`${r.status()} ${r.url()}`));
    await signIn(demo, app.server.url, 'wms_demo');
    await openSideMenu(demo, '仓储与资产', '车辆保养');
    await demo.waitForURL(/\/online\/cgformList\/wms_vehicle_maint$/);
    const add = async (no: string, type: string, date: string, cost: string) => {
      await demo.getByRole('button', { name: /新\s*增/ }).click();
      await demo.locator('.ant-modal:visible').waitFor();
      await formItem(demo, '保养单号').locator('input').fill(no);
      await pickSelect(demo, '保养类型', type);
      const day = formItem(demo, '保养日期').locator('input');
      await day.click();
      await day.fill(date);
      await day.press('Enter');
      await formItem(demo, '保养费用').locator('input').fill(cost);
      await formItem(demo, '保养内容').locator('textarea').fill(`${type}：更换机油与滤芯`);
      await modalOk(demo);
      await demo.locator('.ant-message').getByText('添加成功！').first().waitFor({ timeout: 20_000 });
      await demo.locator('.ant-modal:visible').waitFor({ state: 'detached' });
    };
    await add('BY-2026-001', '定期巡检', '2026-11-20', '350.5');
    await add('BY-2026-002', '故障维修', '2026-10-05', '1280');
    const rows = demo.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);

    // query by the dictionary select
    const query = demo.locator('.screen-list .ant-formily-item').filter({ hasText: '保养类型' });
    await query.locator('.ant-select-selector').click();
    await demo.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '故障维修' }).first().click();
    await demo.getByTestId('query-search').click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain('BY-2026-002');
    expect(await rows.first().textContent()).toContain('1,280');

    // export the query as 车辆保养_{yyyyMMdd}.xlsx
    const download = demo.waitForEvent('download');
    await demo.getByRole('button', { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^车辆保养_\d{8}\.xlsx$/);

    // the buttons the role grants: 新增 and 导出 in the toolbar, no row edit or delete
    const toolbar: [string, RegExp][] = [
      ['新增', /新\s*增/],
      ['导出', /导\s*出/],
      ['导入', /导\s*入/],
      ['批量删除', /批量删除/],
    ];
    for (const [label, name] of toolbar) if (await demo.getByRole('button', { name }).count()) wmsButtons.push(label);
    for (const label of ['编辑', '删除'])
      if (await demo.locator('.ant-table-tbody').getByText(label, { exact: true }).count()) wmsButtons.push(label);
    expect(wmsButtons).toEqual(['新增', '导出']);
    expect(demoProblems).toEqual([]);
    await demo.close();
  }, 180_000);

  it('按角色预览 as wms_demo from the designer shows the buttons wms_demo has and its rows', async () => {
    await openSideMenu(page, '在线开发', '在线表单开发');
    const row = headRow('wms_vehicle_maint');
    await row.locator('[data-action=view-as]').click();
    const modal = page.locator('.ant-modal:visible [data-page=cgform-view-as]');
    await modal.waitFor();
    await modal.locator('[data-field=user] .ant-select-selector').click();
    await page.keyboard.type('wms_demo');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'wms_demo' }).first().click();
    const buttons = modal.locator('[data-result=buttons]');
    await buttons.getByText('新增', { exact: true }).waitFor({ timeout: 20_000 });
    expect((await buttons.locator('.ant-tag').allTextContents()).sort()).toEqual([...wmsButtons].sort());
    const rows = modal.locator('[data-result=rows] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    expect(problems).toEqual([]);
  });

  it('authors a report over 车辆保养 in Online报表配置, puts it in the menu and opens it from there', async () => {
    await openSideMenu(page, '在线开发', 'Online报表配置');
    const list = page.locator('[data-page=cgreport-list]');
    await list.locator('.ant-table-tbody').waitFor();
    await list.locator('[data-action=add]').click();
    const report = page.locator('.ant-modal:visible [data-page=cgreport-editor]');
    await report.locator('input#code').fill('rp_vehicle_maint');
    await report.locator('input#name').fill('车辆保养费用');
    await report.locator('textarea#cgrSql').fill('select maint_no, maint_type, maint_date, cost from wms_vehicle_maint order by maint_no');
    await report.locator('[data-action=parse]').click();
    await message('解析成功');
    const items = report.locator('[data-grid=items] .ant-table-tbody tr.ant-table-row');
    await items.filter({ hasText: 'maint_no' }).locator('input[data-cell=fieldTxt]').fill('保养单号');
    await items.filter({ hasText: 'cost' }).locator('input[data-cell=fieldTxt]').fill('保养费用');
    await modalOk();
    await message('添加成功！');
    const head = list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'rp_vehicle_maint' });
    await expect.poll(() => head.count(), { timeout: 20_000 }).toBe(1);

    await head.locator('[data-action=menu]').click();
    await pickParentMenu('仓储与资产');
    const menu = menuAdded('/online/cgreport/head/addMenu');
    await modalOk();
    expect(await menu).toMatchObject({ success: true });
    await message('添加菜单成功！');

    // the side menu is read at sign-in: a reload shows the new entry
    await page.reload();
    await openSideMenu(page, '仓储与资产', '车辆保养费用');
    const table = page.locator('.report-list');
    await table.locator('.ant-table-thead').getByText('保养费用', { exact: true }).waitFor({ timeout: 20_000 });
    const rows = table.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    expect(await rows.first().textContent()).toContain('BY-2026-001');
    expect(problems).toEqual([]);
  }, 180_000);

  it('shows the versions, diffs two field by field and rolls back; stores the JS enhancement without running it', async () => {
    await openSideMenu(page, '在线开发', '在线表单开发');
    const row = headRow('wms_vehicle_maint');
    await row.locator('[data-action=edit]').click();
    await expect.poll(() => shown('db', at('mileage'), 1), { timeout: 20_000 }).toBe('保养里程');
    await setCell('db', at('mileage'), 1, '进厂里程');
    await modalOk();
    await message('修改成功！');

    await row.locator('[data-action=versions]').click();
    const versions = page.locator('[data-page=cgform-versions] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => versions.count(), { timeout: 20_000 }).toBe(2);
    expect(await versions.first().textContent()).toContain('admin');
    for (let i = 0; i < 2; i++) await versions.nth(i).locator('.ant-checkbox-input').check();
    await page.locator('[data-page=cgform-versions] [data-action=diff]').click();
    const diff = page.locator('[data-part=diff] .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => diff.count()).toBe(1);
    expect(await diff.first().textContent()).toMatch(/mileage.*修改.*title.*保养里程.*进厂里程/);

    await versions.nth(1).locator('[data-action=rollback]').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await message('回滚成功！');
    await expect.poll(() => versions.count()).toBe(3);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await row.locator('[data-action=edit]').click();
    await expect.poll(() => shown('db', at('mileage'), 1), { timeout: 20_000 }).toBe('保养里程');
    await page.locator('.ant-modal:visible .ant-modal-close').click();

    await row.locator('[data-action=enhance]').click();
    const enhance = page.locator('[data-page=cgform-enhance]');
    expect(await enhance.locator('[data-part=enhance-notice]').textContent()).toContain('不会执行');
    await enhance.locator('.cm-content').click();
    await page.keyboard.type('function onlChange() { return {}; }');
    await enhance.locator('[data-action=save-enhance]').click();
    await message('保存成功！');
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await row.locator('[data-action=enhance]').click();
    await expect.poll(() => page.locator('[data-page=cgform-enhance] .cm-content').textContent()).toContain('function onlChange()');
    // 历史记录: the kept entries of the list code, newest first, each loads into the editor
    await enhance.locator('[data-part=enhance-history] .ant-select-selector').click();
    const entries = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('admin');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  }, 180_000);
});
