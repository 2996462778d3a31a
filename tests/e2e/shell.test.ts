import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chooseUserMenu, E2E_PASSWORD, openSideMenu, startE2eApp, type E2eApp } from './app.js';

// Settings drawer, tabs, menu search, header tools, the error catalogue's
// 401 flow, result/exception routes and a mobile-width run, in Chromium against the built app.
let app: E2eApp;
const problems: string[] = [];

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

async function newPage(width = 1440, height = 900): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await app.browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { ctx, page };
}

/**
 * Signs in through the login form and waits for the dashboard; when the login answer asks for a
 * department/tenant choice (the seed may give admin several), the first of each is taken.
 */
async function signIn(page: Page, baseUrl: string, username = 'admin'): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(E2E_PASSWORD);
  await page.locator('button[type=submit]').click();
  const choice = page.locator('.ant-modal:visible');
  await Promise.race([page.waitForURL(/\/dashboard\/analysis/), choice.waitFor()]);
  if (!/\/dashboard\/analysis/.test(page.url()) && (await choice.count()) > 0) {
    const selects = choice.locator('.ant-select');
    for (let i = 0; i < (await selects.count()); i++) {
      await selects.nth(i).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    }
    await choice.locator('.ant-btn-primary').click();
    await page.waitForURL(/\/dashboard\/analysis/);
  }
}

const tokenOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string);
const sider = (page: Page) => page.locator('.ant-layout-sider');
const tabLabels = (page: Page) => page.locator('.page-tabs .ant-tabs-tab').allTextContents();
const tab = (page: Page, title: string) => page.locator('.page-tabs .ant-tabs-tab').filter({ hasText: title });

/**
 * One try at side-menu entry `item` of `group` (opens the group when it is not open), without
 * waiting for anything after: for a click whose answer is refused. Everywhere else the tests
 * use `openSideMenu`, which tries again until the entry's tab is active (a group the last
 * navigation is still closing reads as open here, and its entry then hides).
 */
async function clickSideEntry(page: Page, group: string, item: string): Promise<void> {
  const submenu = sider(page)
    .locator('li.ant-menu-submenu')
    .filter({ has: page.locator('.ant-menu-submenu-title').getByText(group, { exact: true }) });
  if (!((await submenu.getAttribute('class')) ?? '').includes('ant-menu-submenu-open')) {
    await submenu.locator('.ant-menu-submenu-title').click();
  }
  await submenu.locator('.ant-menu-item').getByText(item, { exact: true }).click();
}

/**
 * Clicks an item of a dropdown menu once it shows. The click is dispatched to the item, so a
 * popup still in its opening animation on a loaded machine does not make the test flaky.
 */
async function chooseMenuItem(item: ReturnType<Page['locator']>): Promise<void> {
  await item.waitFor({ state: 'visible' });
  await item.dispatchEvent('click');
}

async function tabAction(page: Page, title: string, action: string): Promise<void> {
  await tab(page, title).click({ button: 'right' });
  await chooseMenuItem(page.locator('.ant-dropdown:visible').getByText(action, { exact: true }));
}

describe('settings drawer (spec 2.4, 9)', () => {
  it('changes the primary colour and the navigation mode, says 保存成功 and keeps them across reloads', async () => {
    const { ctx, page } = await newPage();
    await signIn(page, app.server.url);
    const logoMark = page.locator('.logo > span').first();
    expect(await logoMark.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(24, 144, 255)');

    await chooseUserMenu(page, 'system-setting');
    const drawer = page.locator('.setting-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('setting-color-purple').click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await drawer.getByTestId('setting-layout-topmenu').click();
    await drawer.getByTestId('setting-color-weak').locator('.ant-switch').click();
    await drawer.getByTestId('setting-multipage').locator('.ant-switch').click();

    await page.reload();
    await page.locator('.global-header .ant-menu-horizontal').waitFor();
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    expect(await page.locator('.global-header .logo > span').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(114, 46, 209)',
    );
    expect(await page.evaluate(() => document.documentElement.classList.contains('colorWeak'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('invert(0.8)');
    expect(await page.locator('.page-tabs').count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__DEFAULT_COLOR') ?? '{}').value)).toBe('#722ED1');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pro__DEFAULT_LAYOUT_MODE') ?? '{}').value)).toBe('topmenu');

    // the top menu navigates too; content width Fixed centres a 1200 px column
    await page.locator('.global-header .ant-menu-horizontal').getByText('财务管理', { exact: true }).hover();
    await page.locator('.ant-menu-submenu-popup').getByText('银行账户', { exact: true }).click();
    await page.waitForURL(/\/online\/cgformList\/fin_bank_account$/);

    // fixed header that hides once the page is scrolled more than 100 px
    await chooseUserMenu(page, 'system-setting');
    await page.locator('.setting-drawer').getByTestId('setting-fixed-header').locator('.ant-switch').click();
    await page.locator('.setting-drawer').getByTestId('setting-auto-hide-header').locator('.ant-switch').click();
    await page.locator('.setting-drawer .ant-drawer-close').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    const headerBottom = () => page.locator('.global-header').evaluate((el) => el.getBoundingClientRect().bottom);
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect.poll(headerBottom).toBe(64);
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(headerBottom).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    // back to the defaults, kept as well
    await chooseUserMenu(page, 'system-setting');
    await page.locator('.setting-drawer').getByRole('button', { name: '恢复默认设置' }).click();
    await page.reload();
    await sider(page).waitFor();
    expect(await page.locator('.page-tabs').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.classList.contains('colorWeak'))).toBe(false);
    await ctx.close();
  });
});

describe('multi-tab strip (spec 2.4, 8 "Tabs")', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ ctx, page } = await newPage());
    await signIn(page, app.server.url);
  });
  afterAll(async () => ctx?.close());

  it('adds a tab per route, sets the browser title, refuses to close home and the last tab', async () => {
    expect(await page.title()).toBe('办公管理系统');
    await openSideMenu(page, '财务管理', '银行账户');
    await page.waitForURL(/fin_bank_account$/);
    await expect.poll(() => page.title()).toBe('银行账户 - 办公管理系统');
    await openSideMenu(page, '仓储与资产', '车辆台账');
    await page.waitForURL(/wms_vehicle$/);
    // revisiting updates the existing tab instead of adding one
    await openSideMenu(page, '财务管理', '银行账户');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '银行账户', '车辆台账']);

    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await page.locator('.ant-message').getByText('首页不能关闭!').waitFor();
    expect(await tabLabels(page)).toHaveLength(3);
  });

  it('context menu: 关闭左侧, 关闭右侧, 关闭其它 and 刷新', async () => {
    await tabAction(page, '银行账户', '关闭右侧');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '银行账户']);

    await openSideMenu(page, '仓储与资产', '车辆台账');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '银行账户', '车辆台账']);
    await tabAction(page, '车辆台账', '关闭左侧');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '车辆台账']);

    // 刷新 remounts the view: the list loads its data again
    await expect.poll(() => page.locator('.tab-view:visible .ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    const reloaded = page.waitForRequest(
      (r) => r.url().includes('/online/cgform/api/getData/wms_vehicle') || r.url().includes('wms_vehicle'),
    );
    await tabAction(page, '车辆台账', '刷新');
    await reloaded;

    await openSideMenu(page, '财务管理', '银行账户');
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '车辆台账', '银行账户']);
    await tabAction(page, '首页', '关闭其它');
    await expect.poll(() => tabLabels(page)).toEqual(['首页']);
    await page.waitForURL(/\/dashboard\/analysis$/);

    await tab(page, '首页').locator('.ant-tabs-tab-remove').click();
    await page.locator('.ant-message').getByText('这是最后一页，不能再关闭了啦').waitFor();
    expect(await tabLabels(page)).toEqual(['首页']);
  });

  it('menu search finds a non-hidden entry and navigates to it', async () => {
    await page.getByTestId('menu-search').click();
    await page.locator('.menu-search-input input').fill('车辆');
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual(['车辆台账']);
    await options.first().click();
    await page.waitForURL(/\/online\/cgformList\/wms_vehicle$/);
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '车辆台账']);
    // route-view containers are not offered
    await page.getByTestId('menu-search').click();
    await page.locator('.menu-search-input input').fill('财务');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-empty').waitFor();
    await page.keyboard.press('Escape');
  });

  it('a kept-alive list keeps its view while another tab is open; a page without keepAlive is unmounted; kept componentNames are stored (spec 2.2, 3)', async () => {
    const view = (path: string) => page.locator(`.tab-view[data-tab="${path}"]`);
    const included = () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('pro__CACHE_INCLUDED_ROUTES') ?? '{"value":[]}').value as string[]) ?? []);
    await openSideMenu(page, '财务管理', '银行账户');
    await page.waitForURL(/fin_bank_account$/);
    const bank = view('/online/cgformList/fin_bank_account');
    await expect.poll(() => bank.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    const query = bank.locator('input.ant-input[type=text]').first();
    await query.fill('未提交的查询');

    // 日志管理 has no keepAlive: it is unmounted when left; 银行账户 stays mounted, hidden
    await openSideMenu(page, '系统管理', '日志管理');
    await page.waitForURL(/\/isystem\/log$/);
    await view('/isystem/log').locator('[data-page=sys-log]').waitFor();
    expect(await bank.count()).toBe(1);
    expect(await bank.isVisible()).toBe(false);
    await tab(page, '银行账户').click();
    await page.waitForURL(/fin_bank_account$/);
    await expect.poll(() => view('/isystem/log').count()).toBe(0);
    expect(await query.inputValue()).toBe('未提交的查询');

    // the kept tabs' componentNames, as the original client's keep-alive include list
    await openSideMenu(page, '系统管理', '用户管理');
    await page.waitForURL(/\/isystem\/user$/);
    await expect.poll(included).toContain('sys_user');
    await tab(page, '用户管理').locator('.ant-tabs-tab-remove').click();
    await expect.poll(included).not.toContain('sys_user');
    await tabAction(page, '首页', '关闭其它');
    await expect.poll(() => tabLabels(page)).toEqual(['首页']);
  });

  it('clear cache: 刷新缓存完成！ and the dictionary cache is stored again; 刷新缓存失败！ when the call fails', async () => {
    await page.evaluate(() => localStorage.removeItem('pro__UI_CACHE_DB_DICT_DATA'));
    // the server side of sys/dict/refleshCache belongs to the dictionary module: answer it
    // as a JeecgBoot server does; queryAllDictItems is served by our server
    await page.route('**/sys/dict/refleshCache*', (route) =>
      route.fulfill({ json: { success: true, message: '刷新缓存完成！', code: 200, result: null, timestamp: Date.now() } }),
    );
    await chooseUserMenu(page, 'clear-cache');
    await page.locator('.ant-message').getByText('刷新缓存完成！').waitFor();
    await expect
      .poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? '{"value":{}}').value)))
      .toContain('sex');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? '{}'));
    expect(stored.expire - Date.now()).toBeGreaterThan(604_800_000 - 60_000);

    await page.unroute('**/sys/dict/refleshCache*');
    await page.route('**/sys/dict/refleshCache*', (route) => route.abort('failed'));
    await chooseUserMenu(page, 'clear-cache');
    await page.locator('.ant-message').getByText('刷新缓存失败！').waitFor();
    await page.unroute('**/sys/dict/refleshCache*');
  });

  it('result pages, /test/home, / and /user redirects, unknown paths → /404', async () => {
    await page.goto(`${app.server.url}/result/success`);
    await page.getByText('提交成功').first().waitFor();
    await page.goto(`${app.server.url}/result/fail`);
    await page.getByText('提交失败').first().waitFor();
    await page.goto(`${app.server.url}/exception/403`);
    await page.getByText('抱歉，你无权访问该页面').waitFor();
    await page.goto(`${app.server.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await page.getByText('抱歉，你访问的页面不存在或仍在开发中').waitFor();
    await page.goto(`${app.server.url}/test/home`);
    await page.getByText('欢迎使用办公管理系统').waitFor();
    await page.goto(`${app.server.url}/`);
    await page.waitForURL(/\/dashboard\/analysis$/);
    // a signed-in visitor opening /user lands on the login redirect, then home
    await page.goto(`${app.server.url}/user`);
    await page.waitForURL(/\/dashboard\/analysis$/);
    // and opening the login page itself goes home too
    await page.goto(`${app.server.url}/user/login`);
    await page.waitForURL(/\/dashboard\/analysis$/);
  });

  it('breadcrumb starts at 首页 and ends with the current page as plain text', async () => {
    await openSideMenu(page, '财务管理', '银行账户');
    const crumbs = page.locator('.ant-breadcrumb li');
    await expect.poll(() => crumbs.allTextContents()).toEqual(['首页', '/', '财务管理', '/', '银行账户']);
    expect(await page.locator('.ant-breadcrumb li').last().locator('a').count()).toBe(0);
    expect(await page.locator('.ant-breadcrumb a').first().getAttribute('href')).toBe('/dashboard/analysis');
  });

  it('the footer carries the copyright of the current year', async () => {
    expect(await page.locator('.global-footer').textContent()).toContain(`Copyright © ${new Date().getFullYear()} `);
  });

  it('the sidebar is 200 px open and 80 px collapsed, and stays as it was left', async () => {
    const width = () => sider(page).evaluate((el) => el.getBoundingClientRect().width);
    expect(await width()).toBe(200);
    await page.getByRole('button', { name: 'toggle-menu' }).click();
    await expect.poll(width).toBe(80);
    await page.reload();
    await expect.poll(width).toBe(80);
    await page.getByRole('button', { name: 'toggle-menu' }).click();
    await expect.poll(width).toBe(200);
  });

  it('navigation scrolls back to the top', async () => {
    await openSideMenu(page, '财务管理', '银行账户');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await openSideMenu(page, '仓储与资产', '车辆台账');
    await page.waitForURL(/wms_vehicle$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('a permission load refused on reload logs out and sends to login with the redirect (spec 2.3)', async () => {
    await openSideMenu(page, '财务管理', '银行账户');
    await page.waitForURL(/fin_bank_account$/);
    const token = await tokenOf(page);
    await fetch(`${app.server.url}/jeecg-boot/sys/logout`, { method: 'POST', headers: { 'X-Access-Token': token } });
    await page.reload();
    await page.waitForURL(/\/user\/login\?redirect=%2Fonline%2FcgformList%2Ffin_bank_account/);
    await page.locator('#username').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
  });
});

describe('expired session (spec 8 "401")', () => {
  it('a session revoked on the server shows 很抱歉，登录已过期，请重新登录 and ends on the login page', async () => {
    const { ctx, page } = await newPage();
    await signIn(page, app.server.url);
    const token = await tokenOf(page);
    let loads = 0;
    page.on('load', () => loads++);
    // the notification lives until the reload 1.5 s later: watch for it before the session ends
    const expired = page.locator('.ant-notification').getByText('很抱歉，登录已过期，请重新登录').waitFor();
    const out = await fetch(`${app.server.url}/jeecg-boot/sys/logout`, { method: 'POST', headers: { 'X-Access-Token': token } });
    expect((await out.json()).success).toBe(true);

    // the next call of the page (opening a list, or any background call that comes first) is refused
    void clickSideEntry(page, '财务管理', '银行账户').catch(() => undefined);
    await expired;
    await page.waitForURL(/\/user\/login/);
    // then the page reloads after 1.5 s onto the login form, the session cleared
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
    await page.locator('#username').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await ctx.close();
  });
});

describe('mobile width (spec 2.4: below 1088 px the menu is a drawer, no tab strip)', () => {
  it('375 px: login → menu drawer → list page', async () => {
    const { ctx, page } = await newPage(375, 740);
    await signIn(page, app.server.url);
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    expect(await page.locator('.page-tabs').count()).toBe(0);
    // the welcome notification spans a phone's width over the top of the drawer: close it first, as a user would
    const closers = page.locator('.ant-notification-notice-close');
    await expect
      .poll(
        async () => {
          if (await closers.count())
            await closers
              .first()
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          return page.locator('.ant-notification-notice').count();
        },
        { timeout: 15_000 },
      )
      .toBe(0);
    await page.getByRole('button', { name: 'toggle-menu' }).click();
    const drawer = page.locator('.side-menu-drawer');
    await drawer.waitFor();
    expect(await drawer.locator('.ant-drawer-content-wrapper').evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    await drawer.getByText('财务管理', { exact: true }).click();
    await drawer.getByText('银行账户', { exact: true }).click();
    await page.waitForURL(/\/online\/cgformList\/fin_bank_account$/);
    await drawer.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);

    // menu search opens as a modal on mobile
    await page.getByTestId('menu-search').click();
    await page.locator('.ant-modal:visible').getByText('搜索菜单').first().waitFor();
    await page.locator('.ant-modal:visible .menu-search-input input').fill('车辆');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '车辆台账' }).click();
    await page.waitForURL(/wms_vehicle$/);
    await ctx.close();
    expect(problems).toEqual([]);
  });
});
