import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, signedInPage, startE2eApp, type E2eApp } from './app.js';

// The master-detail form of the tab-template fixture demo_tab_order
// (tests/e2e/schemas) with two editable sub tables, Tab订单明细 and 付款计划. Saving validates
// the main form, then each table in turn, stops at the first failing one and switches to its
// tab; a valid form saves the main row and its sub rows in one request.
let app: E2eApp;
let page: Page;
let token: string;
let problems: string[] = [];

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

type Row = Record<string, unknown>;
const api = async (url: string): Promise<{ success: boolean; result: Row & { records?: Row[] } }> => {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, { headers: { 'x-access-token': token } });
  return res.json();
};
/** The saved order `orderNo` with its sub rows (form/{code}/{id} answers them under their table names). */
async function savedOrder(orderNo: string): Promise<Row | undefined> {
  const list = await api(`/online/cgform/api/getData/demo_tab_order?order_no=${encodeURIComponent(orderNo)}`);
  const id = list.result.records?.[0]?.id;
  if (!id) return undefined;
  return (await api(`/online/cgform/api/form/demo_tab_order/${String(id)}`)).result;
}

const modal = () => page.locator('.ant-modal:visible');
const activeTab = () => modal().locator('.master-detail-tabs > .ant-tabs-nav .ant-tabs-tab-active').innerText();
const openTab = (name: string) => modal().locator('.master-detail-tabs > .ant-tabs-nav .ant-tabs-tab').filter({ hasText: name }).click();
const grid = (sub: string) => modal().locator(`[data-sub-editor=${sub}] .editable-table`);
const cell = (sub: string, row: number, col: number) => grid(sub).locator('.ht_master tbody tr').nth(row).locator('td').nth(col);
const addRow = (sub: string) =>
  grid(sub)
    .getByRole('button', { name: /新\s*增/ })
    .click();
const warning = () => page.locator('.ant-message-notice-content').last().innerText();

async function typeInto(sub: string, row: number, col: number, text: string): Promise<void> {
  await cell(sub, row, col).dblclick();
  const input = page.locator('.editable-table-editor input:visible').first();
  await input.waitFor();
  await input.fill(text);
  await input.press('Enter');
}

async function submit(): Promise<void> {
  await modal()
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

describe('master-detail form (spec 5.4)', () => {
  it('checks the main form first, then each sub table in turn, switching to the failing tab', async () => {
    await page.goto(`${app.server.url}/online/cgformList/demo_tab_order`);
    await page.locator('.screen-list').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await expect
      .poll(() => modal().locator('.master-detail-tabs > .ant-tabs-nav .ant-tabs-tab').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['Tab订单', 'Tab订单明细', '付款计划']);
    expect(await activeTab()).toBe('Tab订单');

    // sub rows first: 品名 left empty in 明细; 付款金额 left empty in 付款计划
    await openTab('Tab订单明细');
    await addRow('demo_tab_order_line');
    await expect.poll(() => grid('demo_tab_order_line').locator('.ht_master tbody tr').count()).toBe(1);
    await typeInto('demo_tab_order_line', 0, 2, '3');
    await openTab('付款计划');
    await addRow('demo_tab_order_pay');
    await typeInto('demo_tab_order_pay', 0, 1, '一期');

    // 1. the main form is empty: back to its tab with the field messages
    await submit();
    await expect.poll(activeTab).toBe('Tab订单');
    await expect.poll(() => formItem(page, '客户名称').locator('.ant-formily-item-error-help').textContent()).toBe('请输入客户名称!');
    await formItem(page, '订单编号').locator('input').fill('M-001');
    await formItem(page, '客户名称').locator('input').fill('己公司');

    // 2. the first failing table is 明细 (付款计划 fails too, but is not reached)
    await submit();
    await expect.poll(activeTab).toBe('Tab订单明细');
    await expect.poll(warning).toBe('Tab订单明细：第1行 品名：请输入品名!');
    await expect.poll(() => cell('demo_tab_order_line', 0, 1).getAttribute('class')).toContain('editable-table-invalid');
    await typeInto('demo_tab_order_line', 0, 1, '螺栓');

    // 3. then 付款计划
    await submit();
    await expect.poll(activeTab).toBe('付款计划');
    await expect.poll(warning).toBe('付款计划：第1行 付款金额：请输入付款金额!');
    expect(await savedOrder('M-001')).toBeUndefined();
    await typeInto('demo_tab_order_pay', 0, 2, '1200.5');

    // 4. valid: one request saves the order and both sub tables
    await submit();
    await modal().waitFor({ state: 'detached', timeout: 10_000 });
    const saved = await savedOrder('M-001');
    expect(saved?.customer).toBe('己公司');
    expect((saved?.demo_tab_order_line as Row[]).map((r) => [r.item_name, r.quantity])).toEqual([['螺栓', 3]]);
    expect((saved?.demo_tab_order_pay as Row[]).map((r) => [r.pay_term, Number(r.pay_amount)])).toEqual([['一期', 1200.5]]);
  });

  it('edits the sub rows of a saved order; a table whose tab was not opened keeps its rows', async () => {
    const before = await savedOrder('M-001');
    const lineId = (before?.demo_tab_order_line as Row[])[0].id;
    const row = page.locator('.screen-list .ant-table-tbody tr.ant-table-row').filter({ hasText: 'M-001' });
    await row.getByText('编辑').click();
    await openTab('Tab订单明细');
    await expect.poll(() => cell('demo_tab_order_line', 0, 1).textContent(), { timeout: 10_000 }).toBe('螺栓');
    await addRow('demo_tab_order_line');
    await typeInto('demo_tab_order_line', 1, 1, '垫片');
    await typeInto('demo_tab_order_line', 1, 2, '5');
    await submit();
    await modal().waitFor({ state: 'detached', timeout: 10_000 });
    const after = await savedOrder('M-001');
    const lines = after?.demo_tab_order_line as Row[];
    expect(lines.map((r) => r.item_name).sort()).toEqual(['垫片', '螺栓']);
    // the saved row keeps its id; the untouched table keeps its row
    expect(lines.find((r) => r.item_name === '螺栓')?.id).toBe(lineId);
    expect((after?.demo_tab_order_pay as Row[]).map((r) => r.pay_term)).toEqual(['一期']);
    expect(problems).toEqual([]);
  });
});
