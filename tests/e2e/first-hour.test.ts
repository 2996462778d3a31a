import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, startE2eApp, type E2eApp } from './app.js';

/**
 * What a new user meets in the first hour on the business screens: query by department,
 * the dictionary of every field resolving, settings taking effect, modals and tabs behaving.
 * One server and one signed-in admin page for the whole file.
 */
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

const rows = (p: Page) => p.locator('.tab-view:visible .ant-table-tbody tr.ant-table-row');

/** Opens a menu entry from the sidebar: group, then item; waits for the list's rows. */
async function openMenu(p: Page, group: string, item: string): Promise<void> {
  const sider = p.locator('.ant-layout-sider');
  const entry = sider.getByText(item, { exact: true });
  if (!(await entry.isVisible())) await sider.getByText(group, { exact: true }).click();
  await entry.click();
  await expect.poll(() => rows(p).count(), { timeout: 20_000 }).toBeGreaterThan(0);
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
    await page.locator('.tab-view:visible').getByTestId('query-search').click();
    await expect.poll(async () => (await rows(page).first().locator('td').nth(col).textContent())?.trim()).toBe(dept);
    const shown = await rows(page).evaluateAll((trs, c) => trs.map((tr) => tr.querySelectorAll('td')[c]?.textContent?.trim()), col);
    expect(new Set(shown)).toEqual(new Set([dept]));
    expect(problems).toEqual([]);
  });
});
