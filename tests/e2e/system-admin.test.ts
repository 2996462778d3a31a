import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, openSideMenu, signIn, startE2eApp, type E2eApp } from './app.js';

// An admin creates a user and a role with some menus and buttons (through the
// permission tree), assigns it, the user sees exactly those; a frozen user cannot sign in.
let app: E2eApp;
let page: Page;
const problems: string[] = [];
const PASSWORD = 'Cashier2026';

beforeAll(async () => {
  app = await startE2eApp();
  page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  await signIn(page, app.server.url);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The view of the active tab: lists stay alive (hidden) in the other tabs, with their rows and buttons. */
const view = (p: Page) => p.locator('.tab-view:visible');
const okButton = (p: Page) => p.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ });
/**
 * Checks the node of the role permission tree whose own text (title or button code) is `text`,
 * found through the tree's search (the tree draws only the rows in view).
 */
const checkNode = async (p: Page, text: string) => {
  await p.locator('.ant-drawer').getByPlaceholder('搜索菜单或授权标识').fill(text);
  const node = p
    .locator('.ant-drawer .ant-tree-treenode:not([aria-hidden])')
    .filter({ has: p.getByText(text, { exact: true }) })
    .first();
  await node.locator('.ant-tree-checkbox').click();
  await expect.poll(() => node.locator('.ant-tree-checkbox-checked').count()).toBe(1);
};

describe('system administration end to end', () => {
  it('creates a role and grants it menus and buttons through the permission tree', async () => {
    await openSideMenu(page, '系统管理', '角色管理');
    await page.waitForURL(/\/isystem\/role$/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '角色名称').locator('input').fill('出纳查看');
    await formItem(page, '角色编码').locator('input').fill('cashier_view');
    await okButton(page).click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'cashier_view' });
    await row.locator('[data-row-action="authorize"]').click();
    await page.locator('.ant-drawer').getByText('角色权限配置：出纳查看').waitFor();
    await page.locator('.ant-drawer .ant-tree-treenode:not([aria-hidden])').first().waitFor();
    for (const node of ['首页', '财务管理', '银行账户', 'fin:bank_account:add', 'fin:bank_account:export']) await checkNode(page, node);
    await page.getByTestId('perm-save-close').click();
    await page.locator('.ant-message').getByText('保存成功！').waitFor();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  });

  it('creates a user with that role', async () => {
    await openSideMenu(page, '系统管理', '用户管理');
    await page.waitForURL(/\/isystem\/user$/);
    await view(page)
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await formItem(page, '用户账号').locator('input').fill('e2e_cashier');
    await formItem(page, '登录密码').locator('input').fill(PASSWORD);
    await formItem(page, '用户姓名').locator('input').fill('端到端出纳');
    await formItem(page, '角色分配').locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '出纳查看' }).click();
    await page.keyboard.press('Escape');
    await okButton(page).click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
  });

  it('shows the new user exactly the granted menus and buttons', async () => {
    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await ctx.newPage();
    await signIn(p, app.server.url, 'e2e_cashier', PASSWORD);
    const sider = p.locator('.ant-layout-sider');
    await sider.getByText('财务管理', { exact: true }).waitFor();
    const topLevel = await sider.locator('.ant-menu-root > li').allTextContents();
    expect(topLevel.map((t) => t.trim())).toEqual(['首页', '财务管理']);
    await openSideMenu(p, '财务管理', '银行账户');
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    expect(await p.getByRole('button', { name: /新\s*增/ }).count()).toBe(1);
    expect(await p.getByRole('button', { name: /批量删除/ }).count()).toBe(0);
    expect(await p.locator('.ant-table-tbody').getByText('编辑', { exact: true }).count()).toBe(0);
    expect(await p.locator('.ant-table-tbody').getByText('删除', { exact: true }).count()).toBe(0);
    expect(await p.locator('.ant-table-tbody').getByText('详情', { exact: true }).count()).toBe(10);
    // a screen not granted is refused by the server as well
    await p.goto(`${app.server.url}/isystem/user`);
    await p
      .getByText(/拒绝访问|404/)
      .first()
      .waitFor();
    await ctx.close();
  });

  it('opens the menu tree editor, the department pane and the organisation units', async () => {
    await openSideMenu(page, '系统管理', '菜单管理');
    await page.waitForURL(/\/isystem\/permission$/);
    await page.locator('.permission-list .ant-table-tbody').getByText('系统管理', { exact: true }).waitFor();
    await page.locator('.permission-list tr').filter({ hasText: '系统管理' }).first().getByText('编辑', { exact: true }).click();
    await expect.poll(() => page.locator('.menu-form #name').inputValue()).toBe('系统管理');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await openSideMenu(page, '系统管理', '部门管理');
    await page.waitForURL(/\/isystem\/depart$/);
    await page.locator('.depart-list .ant-tree').getByText('财务部', { exact: true }).click();
    await expect.poll(() => page.locator('.depart-form #departName').inputValue()).toBe('财务部');
    expect(await page.locator('.depart-form #orgCode').inputValue()).toBe('A01A02');
    await page.getByRole('tab', { name: '部门用户' }).click();
    await page.locator('.depart-list .ant-table-tbody').getByText('wangfang', { exact: true }).waitFor();
    await openSideMenu(page, '系统管理', '组织单元');
    await page.locator('.os-list .ant-tree').getByText('天津分公司', { exact: true }).click();
    await page.getByRole('tab', { name: '单元权限' }).waitFor();
    await openSideMenu(page, '系统管理', '用户管理');
    await page.waitForURL(/\/isystem\/user$/);
  });

  it('freezes the user, whose next sign-in is refused', async () => {
    const rows = view(page).locator('.ant-table-tbody tr.ant-table-row');
    await view(page).locator('.screen-list .ant-formily-item').filter({ hasText: '用户账号' }).locator('input').fill('e2e_cashier');
    await view(page).getByTestId('query-search').click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('冻结', { exact: true }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    // the message list itself on failure: what the user was told instead
    await expect.poll(() => page.locator('.ant-message-notice').allInnerTexts(), { timeout: 15_000 }).toContain('冻结成功!');
    await expect.poll(() => rows.first().textContent()).toContain('冻结');
    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await ctx.newPage();
    await p.goto(`${app.server.url}/user/login`);
    await p.locator('#username').fill('e2e_cashier');
    await p.locator('#password').fill(PASSWORD);
    await p.locator('button[type=submit]').click();
    await p.getByText('该用户已冻结').waitFor();
    expect(p.url()).toMatch(/\/user\/login/);
    await ctx.close();
    expect(problems).toEqual([]);
  });

  it('deletes the user, finds it in 回收站 and restores it', async () => {
    const rows = view(page).locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('删除', { exact: true }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(0);
    await view(page).getByRole('button', { name: '回收站' }).click();
    const bin = page.locator('[data-recycle-bin=sys_user]');
    const deleted = bin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'e2e_cashier' });
    await deleted.waitFor();
    await deleted.getByText('还原', { exact: true }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => page.locator('.ant-message-notice').allInnerTexts(), { timeout: 15_000 }).toContain('还原成功');
    await expect.poll(() => deleted.count()).toBe(0);
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    // back in the list, as the list reloaded
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(problems).toEqual([]);
  });
});
