import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, signIn, startE2eApp, type E2eApp } from './app.js';

// The pickers and dictionary widgets through the real list and form runtime, on
// the fixture screen tests/e2e/schemas/demo_pickers.json (选择器示例).
let app: E2eApp;
let page: Page;
let token: string;
const problems: string[] = [];

beforeAll(async () => {
  app = await startE2eApp();
  page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  // a 5,000-item dictionary for the select timing
  await page.route('**/sys/dict/getDictItems/perf_5000', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        code: 0,
        message: '',
        timestamp: 0,
        result: Array.from({ length: 5000 }, (_, i) => ({ value: `v${i}`, text: `选项${i}`, title: `选项${i}`, label: `选项${i}` })),
      }),
    }),
  );
  await signIn(page, app.server.url);
  token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value);
});
afterAll(async () => {
  await app?.close();
});

const api = async (url: string) => {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, { headers: { 'x-access-token': token } });
  return res.json();
};

/** The record form's dialog (the one holding the Formily form). */
const formModal = () => page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-formily-item') });
const modal = (testId: string) => page.locator(`.ant-modal:visible`).filter({ has: page.getByTestId(testId) });
const okButton = (testId: string) => modal(testId).getByRole('button', { name: /确\s*定/ });

async function openAddForm(title: string): Promise<void> {
  await page.goto(`${app.server.url}/online/cgformList/demo_pickers`);
  await page.locator('.screen-list').waitFor();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await formItem(page, '标题').locator('input').fill(title);
}

async function save(): Promise<Record<string, unknown>> {
  await formModal()
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.locator('.ant-message').getByText('添加成功！').last().waitFor();
  return {};
}

/** The tree node (department picker) titled `title`. */
const treeNode = (testId: string, title: string) =>
  modal(testId)
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator(`.ant-tree-title:text-is("${title}")`) });

describe('pickers in Chromium', () => {
  it('picks users by department', async () => {
    await openAddForm('按部门选人');
    await formItem(page, '经办人').getByTestId('sel-user-open').click();
    const dialog = modal('user-by-depart-picker');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(1250);
    await treeNode('user-by-depart-picker', '财务部').locator('.ant-tree-node-content-wrapper').click();
    const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
    // every listed user belongs to 财务部 once the department's page arrived
    await expect
      .poll(async () => {
        const departs = await rows.locator('td:nth-child(5)').allTextContents();
        return departs.length > 0 && departs.every((t) => t.includes('财务部'));
      })
      .toBe(true);
    expect(await rows.count()).toBeLessThanOrEqual(5);
    const name = (await rows.first().locator('td').nth(1).textContent())!.trim();
    const username = (await rows.first().locator('td').nth(2).textContent())!.trim();
    await rows.first().locator('.ant-checkbox-input').check();
    await expect.poll(() => dialog.getByTestId('user-by-depart-selected').textContent()).toContain(name);
    await okButton('user-by-depart-picker').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '经办人').locator('.ant-select-selection-item').first().textContent()).toContain(name);
    await save();
    const list = await api('/online/cgform/api/getData/demo_pickers?title=按部门选人');
    expect(list.result.records[0]).toMatchObject({ handlers: username, handlers_dictText: name });
  });

  it('picks a department in single mode (only the newest checked is kept) and in multi mode', async () => {
    await openAddForm('部门选择');
    // the tree dropdown is at most 400 px high (spec 9)
    await formItem(page, '主管部门').locator('.ant-select-selector').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.waitFor();
    expect(await dropdown.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    // single: check two departments, only the second stays checked
    await formItem(page, '主管部门').getByTestId('sel-depart-open').click();
    const single = modal('depart-picker');
    await single.waitFor();
    expect(await single.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(450);
    await treeNode('depart-picker', '财务部').locator('.ant-tree-checkbox').click();
    await treeNode('depart-picker', '人力资源部').locator('.ant-tree-checkbox').click();
    await expect.poll(() => single.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    expect(await treeNode('depart-picker', '人力资源部').locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await okButton('depart-picker').click();
    await single.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '主管部门').locator('.ant-select-selection-item').textContent()).toBe('人力资源部');
    // multi: both stay checked
    await formItem(page, '协办部门').getByTestId('sel-depart-open').click();
    const multi = modal('depart-picker');
    await multi.waitFor();
    await treeNode('depart-picker', '财务部').locator('.ant-tree-checkbox').click();
    await treeNode('depart-picker', '经营部').locator('.ant-tree-checkbox').click();
    await expect.poll(() => multi.locator('.ant-tree-checkbox-checked').count()).toBe(2);
    await okButton('depart-picker').click();
    await multi.waitFor({ state: 'hidden' });
    // one tag shown, the rest counted (spec 9)
    await expect.poll(() => formItem(page, '协办部门').locator('.ant-select-selection-item').count()).toBe(2);
    expect(await formItem(page, '协办部门').locator('.ant-select-selection-item').last().textContent()).toContain('+ 1');
    await save();
    const tree = (await api('/sys/sysDepart/queryTreeList')).result as { id: string; departName: string; children?: unknown[] }[];
    const byName = new Map<string, string>();
    const walk = (nodes: { id: string; departName: string; children?: unknown[] }[]) =>
      nodes.forEach((n) => {
        byName.set(n.departName, n.id);
        walk((n.children ?? []) as typeof nodes);
      });
    walk(tree);
    const row = (await api('/online/cgform/api/getData/demo_pickers?title=部门选择')).result.records[0];
    expect(row.owner_depart).toBe(byName.get('人力资源部'));
    expect(String(row.co_departs).split(',').sort()).toEqual([byName.get('财务部'), byName.get('经营部')].sort());
  });

  it('confirming the department dialog with nothing checked clears the field; the dialog forgets on close', async () => {
    await openAddForm('清空部门');
    await formItem(page, '主管部门').getByTestId('sel-depart-open').click();
    await treeNode('depart-picker', '财务部').locator('.ant-tree-checkbox').click();
    await okButton('depart-picker').click();
    await expect.poll(() => formItem(page, '主管部门').locator('.ant-select-selection-item').textContent()).toBe('财务部');
    await formItem(page, '主管部门').getByTestId('sel-depart-open').click();
    const dialog = modal('depart-picker');
    await dialog.waitFor();
    // the current value is checked when it opens; unchecking it and confirming clears the field
    await treeNode('depart-picker', '财务部').locator('.ant-tree-checkbox').click();
    await expect.poll(() => dialog.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await okButton('depart-picker').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '主管部门').locator('.ant-select-selection-item').count()).toBe(0);
    await formModal()
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('picks users in the multi-user picker (search, paging 5, selected-items table) and a role in the role picker', async () => {
    await openAddForm('多用户');
    await formItem(page, '审核人').getByTestId('sel-multi-user-open').click();
    const dialog = modal('user-picker');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(1200);
    const rows = dialog.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('.ant-checkbox') });
    await expect.poll(() => rows.count()).toBe(5);
    expect(await dialog.locator('.ant-pagination-total-text').textContent()).toMatch(/^1-5 共\d+条$/);
    // search by realname, tick the user, then tick one on page 2: both stay selected
    await dialog.getByTestId('picker-query-realname').fill('王芳');
    await dialog.getByTestId('picker-search').click();
    await expect.poll(() => rows.first().textContent()).toContain('王芳');
    await rows.first().locator('.ant-checkbox-input').check();
    await dialog.getByTestId('picker-query-realname').fill('');
    await dialog.getByTestId('picker-search').click();
    await expect.poll(() => dialog.locator('.ant-pagination-total-text').textContent()).toMatch(/^1-5 共/);
    const firstOfPage1 = await rows.first().textContent();
    await dialog.locator('.ant-pagination-item-2').click();
    await expect.poll(() => dialog.locator('.ant-pagination-total-text').textContent()).toMatch(/^6-10 共/);
    await expect.poll(() => rows.first().textContent()).not.toBe(firstOfPage1);
    const other = (await rows.first().locator('td').nth(1).textContent())!.trim();
    await rows.first().locator('.ant-checkbox-input').check();
    const selected = dialog.getByTestId('picker-selected');
    await expect.poll(() => selected.textContent()).toContain('王芳');
    expect(await selected.textContent()).toContain(other);
    await okButton('user-picker').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '审核人').locator('.ant-select-selection-item').first().textContent()).toContain('王芳');
    // role picker: single pick from the role list
    await formItem(page, '通知角色').getByTestId('sel-role-open').click();
    const roles = modal('role-picker');
    await roles.waitFor();
    const roleRows = roles.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('.ant-checkbox') });
    await expect.poll(() => roleRows.count()).toBeGreaterThan(0);
    const roleName = (await roleRows.first().locator('td').nth(1).textContent())!.trim();
    await roleRows.first().locator('.ant-checkbox-input').check();
    await okButton('role-picker').click();
    await roles.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '通知角色').locator('.ant-select-selection-item').first().textContent()).toContain(roleName);
    await save();
    const row = (await api('/online/cgform/api/getData/demo_pickers?title=多用户')).result.records[0];
    expect(String(row.reviewers).split(',')).toHaveLength(2);
    expect(String(row.reviewers_dictText)).toContain('王芳');
    expect(row.roles_dictText).toBe(roleName);
  });

  it('shows the popup configuration errors (spec 5.6)', async () => {
    await openAddForm('弹框配置');
    await expect.poll(() => formItem(page, '未配置弹框').getByTestId('popup-error').textContent()).toBe('popup参数未正确配置!');
    expect(await formItem(page, '数量不符弹框').getByTestId('popup-error').textContent()).toBe(
      'popup参数未正确配置,原始值和目标值数量不一致!',
    );
    expect(await formItem(page, '供应商').getByTestId('popup-input').getAttribute('placeholder')).toBe('请选择');
    await formItem(page, '未配置弹框').getByTestId('popup-input').click();
    await page.locator('.ant-message').getByText('popup参数未正确配置!').waitFor();
    expect(await page.getByTestId('popup-picker').count()).toBe(0);
    await formModal()
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('fills fields from the popup report picker (rp_user_list): one row only, origin fields to target fields', async () => {
    await openAddForm('弹框选择');
    await formItem(page, '供应商').getByTestId('popup-input').click();
    const dialog = modal('popup-picker');
    await dialog.waitFor();
    const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    // two rows ticked in single mode: 请选择一条记录, the dialog stays
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await okButton('popup-picker').click();
    await page.locator('.ant-message').getByText('请选择一条记录').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    // none ticked: the same warning
    await rows.nth(0).locator('.ant-checkbox-input').uncheck();
    await rows.nth(1).locator('.ant-checkbox-input').uncheck();
    await okButton('popup-picker').click();
    await expect.poll(() => page.locator('.ant-message').getByText('请选择一条记录').count()).toBeGreaterThan(0);
    expect(await dialog.isVisible()).toBe(true);
    // search the report by 用户姓名 and take that one row
    await dialog.getByTestId('popup-query-realname').fill('王芳');
    await dialog.getByTestId('popup-search').click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await okButton('popup-picker').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => formItem(page, '供应商').getByTestId('popup-input').inputValue()).toBe('王芳');
    await expect.poll(() => formItem(page, '供应商编码').locator('input').inputValue()).toBe('wangfang');
    await save();
    const row = (await api('/online/cgform/api/getData/demo_pickers?title=弹框选择')).result.records[0];
    expect(row).toMatchObject({ supplier_name: '王芳', supplier_code: 'wangfang', enabled: 'N' });
  });

  it('a report that cannot load: Popup初始化失败… with the server message, closed on OK; failed search fields warn with the message (spec 8)', async () => {
    const refuse = (message: string) => (route: { fulfill(o: { json: unknown }): Promise<void> }) =>
      route.fulfill({ json: { success: false, code: 500, message, result: null, timestamp: Date.now() } });
    await page.route('**/online/cgreport/api/getRpColumns/rp_user_list*', refuse('报表配置不存在'));
    await openAddForm('弹框失败');
    await formItem(page, '供应商').getByTestId('popup-input').click();
    const failure = page.locator('.ant-modal-confirm-error');
    await failure.waitFor();
    expect(await failure.locator('.ant-modal-confirm-title').textContent()).toBe('Popup初始化失败，请检查你的配置或稍后重试！');
    expect(await failure.locator('.ant-modal-confirm-content').textContent()).toBe('报表配置不存在');
    await failure.getByRole('button', { name: /确\s*定|知道了|OK/ }).click();
    await failure.waitFor({ state: 'detached' });
    await expect.poll(() => modal('popup-picker').count()).toBe(0);
    await page.unroute('**/online/cgreport/api/getRpColumns/rp_user_list*');

    // the columns load, the search fields do not: a warning with the message, the rows still shown
    await page.route('**/online/cgreport/api/getQueryInfo/**', refuse('查询条件加载失败'));
    await formItem(page, '供应商').getByTestId('popup-input').click();
    const dialog = modal('popup-picker');
    await dialog.waitFor();
    await page.locator('.ant-message-warning').getByText('查询条件加载失败').waitFor();
    await expect.poll(() => dialog.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    expect(await dialog.getByTestId('popup-query-realname').count()).toBe(0);
    await page.unroute('**/online/cgreport/api/getQueryInfo/**');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await formModal()
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('links the city select to the province (link_down) and a multi-select keeps one tag', async () => {
    await openAddForm('联动');
    const levels = formItem(page, '省份');
    await levels.getByTestId('link-down-0').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^北京市$/ })
      .click();
    await levels.getByTestId('link-down-1').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^市辖区$/ })
      .click();
    expect(await formItem(page, '城市').count()).toBe(0);
    const multi = formItem(page, '性别(多选)');
    await multi.locator('.ant-select-selector').click();
    for (const o of ['男', '女'])
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: new RegExp(`^${o}$`) })
        .click();
    await page.keyboard.press('Escape');
    await expect.poll(() => multi.locator('.ant-select-selection-item').count()).toBe(2);
    await save();
    const row = (await api('/online/cgform/api/getData/demo_pickers?title=联动')).result.records[0];
    expect(row).toMatchObject({ province: '110000', city: '110100', province_dictText: '北京市', city_dictText: '市辖区', genders: '1,2' });
  });

  it('picks from the category tree (cat_tree, children loaded on expand) and a tree dictionary (sel_tree)', async () => {
    await openAddForm('树选择');
    const dropdown = page.locator('.ant-select-dropdown:visible');
    const node = (title: string) =>
      dropdown.locator('.ant-select-tree-treenode').filter({ has: page.locator(`.ant-select-tree-title:text-is("${title}")`) });
    await formItem(page, '物资分类').locator('.ant-select-selector').click();
    await node('通信线缆').locator('.ant-select-tree-switcher').click();
    await node('室外光缆').locator('.ant-select-tree-node-content-wrapper').click();
    await expect.poll(() => formItem(page, '物资分类').locator('.ant-select-selection-item').textContent()).toBe('室外光缆');
    await formItem(page, '区域').locator('.ant-select-selector').click();
    // sys_area has no has-child column: the server answers its levels as leaves
    await node('河北省').locator('.ant-select-tree-node-content-wrapper').click();
    await expect.poll(() => formItem(page, '区域').locator('.ant-select-selection-item').textContent()).toBe('河北省');
    await save();
    const cat = (await api(`/sys/category/loadOne?field=name&val=${encodeURIComponent('室外光缆')}`)).result;
    const row = (await api('/online/cgform/api/getData/demo_pickers?title=树选择')).result.records[0];
    expect(row).toMatchObject({ material_cat: cat.id, region: '130000', region_dictText: '河北省' });
  });

  it('opens a select over a 5,000-item dictionary (warm; the figure is printed)', async () => {
    await openAddForm('大字典');
    const item = formItem(page, '大字典');
    await item.scrollIntoViewIfNeeded();
    // time from the mousedown to the first frame showing the options (measured in the page)
    const open = async (): Promise<number> => {
      await page.evaluate(() => {
        const w = window as unknown as { __perf: { start?: number; end?: number } };
        w.__perf = {};
        document.addEventListener('mousedown', () => (w.__perf.start = performance.now()), { capture: true, once: true });
        const seen = () => document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
        const obs = new MutationObserver(() => {
          if (w.__perf.start === undefined || !seen()) return;
          obs.disconnect();
          requestAnimationFrame(() => (w.__perf.end = performance.now()));
        });
        obs.observe(document.body, { childList: true, subtree: true, attributes: true });
      });
      await item.locator('.ant-select-selector').click();
      await page.waitForFunction(() => (window as unknown as { __perf: { end?: number } }).__perf.end !== undefined);
      return page.evaluate(() => {
        const p = (window as unknown as { __perf: { start: number; end: number } }).__perf;
        return p.end - p.start;
      });
    };
    // the dictionary loads once; the first opening warms the dropdown
    await expect
      .poll(
        async () =>
          await page.evaluate(() => JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? '{}').value?.perf_5000?.length ?? 0),
      )
      .toBe(5000);
    await open();
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.mouse.click(5, 5);
      await page.waitForTimeout(300);
      times.push(await open());
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
    const best = Math.min(...times);
    console.log(`select over 5,000 items opened in ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
    // the figure is printed; npm run bench holds the ≤ 150 ms target (speed is not a test assertion)
    expect(best).toBeGreaterThan(0);
    await formModal()
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('no page errors or server faults', () => {
    expect(problems).toEqual([]);
  });
});
