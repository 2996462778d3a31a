import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, openSideMenu, pickSelect, signedInPage, startE2eApp, type E2eApp } from './app.js';

/**
 * What a new user meets in the first hour on the business screens: query by department,
 * the dictionary of every field resolving, settings taking effect, modals and tabs behaving.
 * One server and one signed-in admin page for the whole file.
 */
let app: E2eApp;
let page: Page;
let problems: string[];
let token: string;

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, problems, token } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

const rows = (p: Page) => p.locator('.tab-view:visible .ant-table-tbody tr.ant-table-row');

/** Opens a menu entry from the sidebar: group, then item; waits for its tab's view and the list's rows. */
async function openMenu(p: Page, group: string, item: string, waitRows = true): Promise<void> {
  await openSideMenu(p, group, item);
  if (waitRows) await expect.poll(() => rows(p).count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The query-form item of the visible list whose label is `label`. */
const queryItem = (p: Page, label: string) =>
  p.locator('.tab-view:visible .table-page-search-wrapper .ant-formily-item').filter({ has: p.locator(`label:text-is("${label}")`) });

/** Picks department `name` in the tree select of a query item. */
async function pickDepart(p: Page, label: string, name: string): Promise<void> {
  const item = queryItem(p, label);
  await item.locator('.ant-select-selector').click();
  await item.locator('input').fill(name);
  const dropdown = p.locator('.ant-select-dropdown:visible');
  await dropdown
    .locator('.ant-select-tree-title')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .first()
    .click();
}

describe('department fields query by the stored key', () => {
  it('银行账户 → 管理部门 = 财务部 finds the finance department accounts', async () => {
    await openMenu(page, '财务管理', '银行账户');
    await pickDepart(page, '管理部门', '财务部');
    const answer = page.waitForResponse((r) => r.url().includes('/getData/fin_bank_account'));
    await page.locator('.tab-view:visible').getByTestId('query-search').click();
    const url = new URL((await answer).url());
    expect(url.searchParams.get('dept_code')).toBe('A01A02');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
  });

  it('车辆台账 → 使用部门 finds the vehicles of the department the list shows', async () => {
    await openMenu(page, '仓储与资产', '车辆台账');
    const header = page.locator('.tab-view:visible .ant-table-thead th');
    const titles = await header.allTextContents();
    const col = titles.findIndex((t) => t.includes('使用部门'));
    expect(col).toBeGreaterThanOrEqual(0);
    const dept = ((await rows(page).first().locator('td').nth(col).textContent()) ?? '').trim();
    expect(dept).not.toBe('');
    await pickDepart(page, '使用部门', dept);
    const answer = page.waitForResponse((r) => r.url().includes('/getData/wms_vehicle') && r.url().includes('owner_dept='));
    await page.locator('.tab-view:visible').getByTestId('query-search').click();
    await answer;
    const shown = async () =>
      new Set(await rows(page).evaluateAll((trs, c) => trs.map((tr) => tr.querySelectorAll('td')[c]?.textContent?.trim()), col));
    await expect.poll(shown).toEqual(new Set([dept]));
    expect(problems).toEqual([]);
  });
});

const modal = (p: Page) =>
  p
    .locator('.ant-modal:visible')
    .filter({ has: p.locator('.ant-modal-footer') })
    .last();
const openAdd = async (p: Page) => {
  await p
    .locator('.tab-view:visible')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await modal(p).locator('.ant-formily-item').first().waitFor();
};

describe('modals: Esc closes the innermost layer, unsaved changes ask first, long forms keep title and buttons in view', () => {
  it('Esc in an open select, tree select or date picker closes only that layer', async () => {
    await openMenu(page, '财务管理', '银行账户');
    await openAdd(page);
    const layers: [string, string][] = [
      ['开户银行', '.ant-select-selector'],
      ['管理部门', '.ant-select-selector'],
      ['开户日期', 'input'],
    ];
    for (const [label, opener] of layers) {
      await formItem(page, label).locator(opener).first().click();
      const popup = page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible');
      await popup.first().waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => popup.count(), { timeout: 5_000 }).toBe(0);
      expect(await modal(page).count()).toBe(1);
    }
    // nothing typed: Esc closes at once
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
  });

  it('closing with unsaved changes asks first; 继续编辑 keeps the input, 放弃修改 closes', async () => {
    await openAdd(page);
    await formItem(page, '账户名称').locator('input').fill('未保存的账户');
    await page.keyboard.press('Escape');
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });
    await ask.waitFor();
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await expect.poll(() => formItem(page, '账户名称').locator('input').inputValue()).toBe('未保存的账户');
    await modal(page).locator('.ant-modal-close').click();
    await ask.waitFor();
    await ask.getByRole('button', { name: '放弃修改' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
  });

  it('a form taller than the window scrolls between a title and buttons that stay in view', async () => {
    await page.setViewportSize({ width: 1440, height: 600 });
    try {
      await openAdd(page);
      const body = modal(page).locator('.ant-modal-body');
      const sizes = await body.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      const title = await modal(page).locator('.ant-modal-title').boundingBox();
      const ok = await modal(page)
        .getByRole('button', { name: /确\s*定/ })
        .boundingBox();
      expect(title!.y).toBeGreaterThanOrEqual(0);
      expect(ok!.y + ok!.height).toBeLessThanOrEqual(600);
      await modal(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('the user picker selects on a row click', async () => {
    await openAdd(page);
    await formItem(page, '账户负责人').getByTestId('sel-user-open').click();
    const picker = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('user-by-depart-selected') });
    const row = picker.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.waitFor();
    const name = ((await row.locator('td').nth(1).textContent()) ?? '').trim();
    await row.locator('td').nth(2).click();
    await expect.poll(() => picker.getByTestId('user-by-depart-selected').textContent()).toContain(name);
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => formItem(page, '账户负责人').textContent()).toContain(name);
    await modal(page).locator('.ant-modal-close').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '放弃修改' }).click();
  });
});

describe('lists keep their state per tab, align by field type and keep row actions on one line', () => {
  it('switching tabs keeps a list’s query, page and scroll', async () => {
    await openMenu(page, '仓储与资产', '车辆台账');
    await openMenu(page, '财务管理', '银行账户');
    const view = page.locator('.tab-view:visible');
    // the query of the first test is still there (kept alive): start from a clean one
    await view.getByRole('button', { name: /重\s*置/ }).click();
    await queryItem(page, '账户名称').locator('input').fill('专户');
    await view.getByTestId('query-search').click();
    await view.locator('.ant-pagination-item-2').click();
    await expect.poll(() => view.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // the position the list settles at (the page may still change its height after the scroll)
    let y = -1;
    await expect
      .poll(async () => {
        const before = y;
        y = await page.evaluate(() => window.scrollY);
        return y === before;
      })
      .toBe(true);
    expect(y).toBeGreaterThan(100);
    // a click that does not scroll the strip into view first (as with a fixed header): the list stays scrolled when left
    const tab = (title: string) =>
      page
        .locator('.page-tabs .ant-tabs-tab')
        .filter({ hasText: new RegExp(`^${title}$`) })
        .evaluate((el) => (el as HTMLElement).click());
    await tab('车辆台账');
    await expect.poll(() => page.locator('.page-tabs .ant-tabs-tab-active').textContent(), { timeout: 15_000 }).toBe('车辆台账');
    await tab('银行账户');
    await expect.poll(() => page.locator('.page-tabs .ant-tabs-tab-active').textContent(), { timeout: 15_000 }).toBe('银行账户');
    const back = page.locator('.tab-view:visible');
    await expect.poll(() => back.locator('.ant-pagination-item-active').textContent(), { timeout: 15_000 }).toBe('2');
    expect(await queryItem(page, '账户名称').locator('input').inputValue()).toBe('专户');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(y);
  });

  it('aligns text left and numbers right; row actions stay on one line', async () => {
    const view = page.locator('.tab-view:visible');
    const header = await view.locator('.ant-table-thead th').allTextContents();
    const cell = (title: string) =>
      rows(page)
        .first()
        .locator('td')
        .nth(header.findIndex((t) => t.includes(title)));
    expect(await cell('账户名称').evaluate((td) => getComputedStyle(td).textAlign)).toMatch(/left|start/);
    expect(await cell('当前余额').evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');
    await openMenu(page, '系统管理', '定时任务');
    const actions = page.locator('.tab-view:visible .row-actions');
    await actions.first().waitFor();
    for (const h of await actions.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) expect(h).toBeLessThan(30);
  });
});

describe('reports, jobs and the admin screens do what they say', () => {
  it('银行账户报表: menu entry, dictionary select query, totals row and export', async () => {
    await openMenu(page, '财务管理', '银行账户报表');
    const list = page.locator('.tab-view:visible .report-list');
    await list.getByTestId('report-query-开户银行').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '中国工商银行' }).first().click();
    const answer = page.waitForResponse((r) => r.url().includes('/getData/rp_bank_account') && r.url().includes('bank_code='));
    await list.getByTestId('report-search').click();
    expect(new URL((await answer).url()).searchParams.get('bank_code')).toBe('ICBC');
    const header = await list.locator('.ant-table-thead th').allTextContents();
    const bankCol = header.findIndex((t) => t.includes('开户银行'));
    await expect
      .poll(
        async () =>
          new Set(
            await list
              .locator('.ant-table-tbody tr.ant-table-row')
              .evaluateAll((trs, c) => trs.map((tr) => tr.querySelectorAll('td')[c]?.textContent), bankCol),
          ),
      )
      .toEqual(new Set(['中国工商银行']));
    const totals = list.getByTestId('report-totals');
    await expect.poll(() => totals.textContent()).toMatch(/合计.*\d/);
    const download = page.waitForEvent('download');
    await list.getByTestId('report-export').click();
    expect((await download).suggestedFilename()).toMatch(/^银行账户报表_\d{8}\.xlsx$/);
  });

  it('定时任务 新增 succeeds on the seeded data with a class’s title and a daily default cron', async () => {
    await openMenu(page, '系统管理', '定时任务');
    await openAdd(page);
    await expect.poll(() => formItem(page, 'Cron表达式').locator('input').first().inputValue()).toBe('0 0 2 * * ?');
    await pickSelect(page, '任务类名', '清理历史日志');
    await formItem(page, '参数').locator('input').fill('30');
    await modal(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText(/成功/).first().waitFor();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await expect.poll(() => rows(page).filter({ hasText: '清理历史日志' }).count()).toBe(2);
    // the app is shared with the other browser tests: remove the added job
    const api = `${app.server.url}/jeecg-boot/sys/quartzJob`;
    const headers = { 'X-Access-Token': token };
    const list = (await (await page.request.get(`${api}/list?pageSize=100`, { headers })).json()).result.records as {
      id: string;
      jobClassName: string;
      parameter: string | null;
    }[];
    const added = list.filter((j) => j.jobClassName.endsWith('.LogCleanJob') && j.parameter === '30');
    expect(added).toHaveLength(1);
    expect((await (await page.request.delete(`${api}/delete?id=${added[0].id}`, { headers })).json()).success).toBe(true);
  });

  it('the import dialog takes only what the server reads (.xlsx)', async () => {
    await openMenu(page, '财务管理', '银行账户');
    await page
      .locator('.tab-view:visible')
      .getByRole('button', { name: /导\s*入/ })
      .click();
    const dialog = page.locator('.ant-modal:visible').filter({ hasText: '开始导入' });
    expect(await dialog.locator('input[type=file]').getAttribute('accept')).toBe('.xlsx');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('the menu editor offers an icon picker', async () => {
    await openMenu(page, '系统管理', '菜单管理');
    const row = page.locator('.tab-view:visible .ant-table-tbody tr').filter({ hasText: '财务管理' }).first();
    await row.getByText('编辑', { exact: true }).click();
    const picker = page.locator('.ant-modal:visible').getByTestId('icon-picker');
    await picker.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.first().locator('.anticon').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('系统设置 applies: system name and notice on the login page, footer, title and list page size', async () => {
    // the app is shared with the other browser tests: put the settings back afterwards
    const api = `${app.server.url}/jeecg-boot/sys/setting`;
    const before = (await (await page.request.get(`${api}/queryAll`)).json()).result as Record<string, unknown>;
    try {
      await applySettings();
    } finally {
      const restored = await page.request.put(`${api}/save`, { data: before, headers: { 'X-Access-Token': token } });
      expect((await restored.json()).success).toBe(true);
    }
  });

  /** Saves new settings in 系统设置 and checks where each one shows. */
  async function applySettings(): Promise<void> {
    await openMenu(page, '系统管理', '系统设置', false);
    const form = page.locator('[data-page=system-setting]');
    await expect.poll(() => form.locator('input#platformName').inputValue(), { timeout: 20_000 }).toBe('办公管理系统');
    await form.locator('input#platformName').fill('中恒办公平台');
    await form.locator('input#footerText').fill('中恒工程集团 技术支持 010-66668888');
    await form.locator('input#noticeText').fill('今晚22点系统维护');
    await form
      .locator('.ant-select-selector')
      .filter({ has: page.locator('#defaultPageSize') })
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^20$/ }).click();
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await expect.poll(() => page.locator('.global-footer').textContent()).toBe('中恒工程集团 技术支持 010-66668888');
    await expect.poll(() => page.title()).toBe('系统设置 - 中恒办公平台');
    await page.reload();
    await openMenu(page, '仓储与资产', '车辆台账');
    await expect.poll(() => rows(page).count()).toBe(20);
    const guest = await app.browser.newPage();
    try {
      await guest.goto(`${app.server.url}/user/login`);
      await expect.poll(() => guest.getByTestId('platform-name').textContent()).toBe('中恒办公平台');
      await expect.poll(() => guest.getByTestId('login-notice').textContent()).toContain('今晚22点系统维护');
      expect(await guest.locator('.user-layout-footer').textContent()).toContain('中恒工程集团 技术支持 010-66668888');
      // the login page's links wear the theme's link colour, not the browser's default blue
      const link = await guest.getByRole('link', { name: '注册账户' }).evaluate((a) => getComputedStyle(a).color);
      expect(['rgb(0, 0, 238)', 'rgb(85, 26, 139)', 'rgb(0, 0, 0)']).not.toContain(link);
    } finally {
      await guest.close();
    }
  }

  it('raised no page error and no server fault', () => {
    expect(problems).toEqual([]);
  });
});
