import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseUserMenu, formItem, pickSelect, signIn, startE2eApp, type E2eApp } from './app.js';

let app: E2eApp;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  app = await startE2eApp();
  page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
});
afterAll(async () => {
  await app?.close();
});

const accountNo = '0200004509200777001';

describe('bank accounts end to end', () => {
  it('signs in and opens 银行账户 from the server-built menu', async () => {
    await signIn(page, app.server.url);
    await page.locator('.ant-layout-sider').getByText('财务管理', { exact: true }).click();
    await page.locator('.ant-layout-sider').getByText('银行账户', { exact: true }).click();
    await page.waitForURL(/\/online\/cgformList\/fin_bank_account$/);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    await expect.poll(() => page.locator('.ant-pagination-total-text').textContent()).toMatch(/^1-10 共\d{3}条$/);
  });

  it('adds a record through the schema-driven form', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.locator('.ant-modal:visible').waitFor();
    await formItem(page, '账户名称').locator('input').fill('中冀智联工程技术有限公司端到端测试专户');
    await formItem(page, '银行账号').locator('input').fill(accountNo);
    await pickSelect(page, '开户银行', '中国工商银行');
    await formItem(page, '开户网点').locator('input').fill('中国工商银行北京丰台支行');
    await pickSelect(page, '账户性质', '农民工工资专用账户');
    const date = formItem(page, '开户日期').locator('input');
    await date.click();
    await date.fill('2026-03-02');
    await date.press('Enter');
    await pickSelect(page, '账户负责人', '王芳', '王芳');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('添加成功！').waitFor();
    await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
  });

  it('finds the new record with the query form', async () => {
    await page.locator('.screen-list .ant-formily-item').filter({ hasText: '银行账号' }).locator('input').fill('0200004509200777');
    await page.getByTestId('query-search').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => row.textContent()).toContain(accountNo);
    expect(await row.textContent()).toContain('王芳');
    expect(await row.textContent()).toContain('中国工商银行');
  });

  it('edits the record', async () => {
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText('编辑').click();
    const branch = formItem(page, '开户网点').locator('input');
    await expect.poll(() => branch.inputValue()).toBe('中国工商银行北京丰台支行');
    await branch.fill('中国工商银行北京西站支行');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator('.ant-message').getByText('修改成功！').waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').first().textContent()).toContain('中国工商银行北京西站支行');
  });

  it('refuses invalid input in the form without saving', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formItem(page, '银行账号').locator('input').fill('12-34');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await formItem(page, '银行账号').getByText('请输入正确的银行账号').waitFor();
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    // the form holds unsaved input: closing asks first
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '放弃修改' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
  });

  it('deletes the record after confirmation', async () => {
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByText('删除').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.locator('.ant-message').getByText('删除成功!').waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
  });

  it('signs out from the header user menu', async () => {
    await chooseUserMenu(page, 'logout');
    // logout then reloads the page (spec 4.1): wait for the reloaded login form
    const reloaded = page.waitForEvent('load');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await reloaded;
    await page.waitForURL(/\/user\/login/);
    await page.locator('#username').waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pro__') && /Token|Userinfo/i.test(k)))).toEqual(
      [],
    );
    await page.goto(`${app.server.url}/online/cgformList/fin_bank_account`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(problems).toEqual([]);
  });
});

describe('permissions shape the screens (warehouse role)', () => {
  it('shows wms_demo only its menu, the 仓储管理系统 title and no delete buttons', async () => {
    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await ctx.newPage();
    await signIn(p, app.server.url, 'wms_demo');
    const sider = p.locator('.ant-layout-sider');
    await sider.getByText('仓储与资产', { exact: true }).waitFor();
    expect(await sider.getByText('财务管理', { exact: true }).count()).toBe(0);
    expect(await sider.textContent()).toContain('仓储管理系统');
    await sider.getByText('仓储与资产', { exact: true }).click();
    await sider.getByText('车辆台账', { exact: true }).click();
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    expect(await p.getByRole('button', { name: /新\s*增/ }).count()).toBe(1);
    expect(await p.getByRole('button', { name: /批量删除/ }).count()).toBe(0);
    expect(await p.locator('.ant-table-tbody').getByText('删除', { exact: true }).count()).toBe(0);
    expect(await p.locator('.ant-table-tbody').getByText('编辑', { exact: true }).count()).toBe(10);
    // the finance screen is refused by the server too, not only hidden
    await p.goto(`${app.server.url}/online/cgformList/fin_bank_account`);
    await p.getByText('拒绝访问').first().waitFor();
    await ctx.close();
  });
});
