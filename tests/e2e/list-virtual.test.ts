import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { signedInPage, startE2eApp, type E2eApp } from './app.js';

// A list page of 1,000 rows. The fixture screen demo_big_page
// (tests/e2e/schemas) offers page size 1000 (pageSizeOptions); a page above 100 rows is drawn
// as a virtual table — only the rows in view are in the DOM — with dictionary texts, ellipsis,
// selection and row actions as on a plain page, and scrolling reaches the last row.
let app: E2eApp;
let page: Page;
let token: string;
let problems: string[] = [];
const ROWS = 1050;
const LONG = '这是一段超过二十五个字符的备注文字，用来检查列表里的省略号显示';

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
  // 1,050 rows through the screen's own Excel import
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  ws.addRow(['编码', '优先级', '备注']);
  for (let i = 1; i <= ROWS; i++) ws.addRow([`V-${String(i).padStart(4, '0')}`, ['高', '中', '低'][i % 3], i % 2 ? LONG : `短备注${i}`]);
  const form = new FormData();
  form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'big.xlsx');
  const res = await fetch(`${app.server.url}/jeecg-boot/online/cgform/api/importXls/demo_big_page`, {
    method: 'POST',
    headers: { 'x-access-token': token },
    body: form,
  });
  const json = (await res.json()) as { success: boolean; message: string };
  expect(json.success, json.message).toBe(true);
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const list = () => page.locator('.screen-list');
const domRows = () => page.locator('.screen-list .ant-table-tbody-virtual .ant-table-row');

/** The ids of the list's first page of 1,000 rows, in the order the list asks for them. */
async function pageIds(): Promise<string[]> {
  const q = new URLSearchParams({ pageNo: '1', pageSize: '1000', column: 'createTime', order: 'desc' });
  const res = await fetch(`${app.server.url}/jeecg-boot/online/cgform/api/getData/demo_big_page?${q}`, {
    headers: { 'x-access-token': token },
  });
  const json = (await res.json()) as { result: { records: { id: string }[] } };
  return json.result.records.map((r) => r.id);
}

describe('a list page of 1,000 rows', () => {
  it('is a virtual table with dictionary texts, ellipsis, selection and row actions; scrolling reaches the last row', async () => {
    await page.goto(`${app.server.url}/online/cgformList/demo_big_page`);
    await expect.poll(() => list().getAttribute('data-rows'), { timeout: 15_000 }).toBe('10');
    expect(await list().getAttribute('data-virtual')).toBeNull();
    // page size 1000 is offered beside 10/20/30
    await list().locator('.ant-pagination-options-size-changer').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.count()).toBe(4);
    expect((await options.allTextContents()).map((t) => Number.parseInt(t, 10))).toEqual([10, 20, 30, 1000]);
    await options.filter({ hasText: /^1000\b/ }).click();
    await expect.poll(() => list().getAttribute('data-rows'), { timeout: 20_000 }).toBe('1000');
    expect(await list().getAttribute('data-virtual')).toBe('true');
    await expect.poll(() => list().locator('.ant-pagination-total-text').innerText()).toBe(`1-1000 共${ROWS}条`);
    // only the visible window is in the DOM
    await expect.poll(() => domRows().count()).toBeGreaterThan(5);
    expect(await domRows().count()).toBeLessThan(100);
    expect(await page.locator('.screen-list .ant-table-row').count()).toBe(await domRows().count());

    // dictionary texts and the 25-character ellipsis in the visible rows
    const texts = (await domRows().allInnerTexts()).join('\n');
    expect(texts).toMatch(/高|中|低/);
    expect(texts).not.toMatch(/\t[HML]\t/);
    expect(texts).toContain(`${LONG.slice(0, 25)}...`);

    // selection: one row, then the whole page
    await domRows().first().locator('.ant-checkbox-input').check();
    await expect
      .poll(() =>
        list()
          .getByText(/已选择/)
          .innerText(),
      )
      .toMatch(/已选择\s*1\s*项/);
    await list().locator('.ant-table-header .ant-checkbox-input').check();
    await expect
      .poll(() =>
        list()
          .getByText(/已选择/)
          .innerText(),
      )
      .toMatch(/已选择\s*1000\s*项/);
    await list().getByText('清空').click();
    await expect
      .poll(() =>
        list()
          .getByText(/已选择/)
          .count(),
      )
      .toBe(0);

    // scrolling the virtual body reaches the last row of the page
    const ids = await pageIds();
    expect(ids).toHaveLength(1000);
    const holder = list().locator('.ant-table-tbody-virtual-holder');
    await holder.hover();
    for (let i = 0; i < 100 && (await domRows().last().getAttribute('data-row-key')) !== ids[999]; i++) await page.mouse.wheel(0, 5000);
    await expect.poll(() => domRows().last().getAttribute('data-row-key')).toBe(ids[999]);
    await expect.poll(() => list().locator(`.ant-table-row[data-row-key="${ids[999]}"]`).isVisible()).toBe(true);
    expect(await domRows().count()).toBeLessThan(100);

    // row action on a virtual row: 删除 with its confirmation
    const last = list().locator(`.ant-table-row[data-row-key="${ids[999]}"]`);
    await last.getByText('删除').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => list().locator('.ant-pagination-total-text').innerText(), { timeout: 15_000 }).toBe(`1-1000 共${ROWS - 1}条`);
    expect(await pageIds()).not.toContain(ids[999]);
    expect(problems).toEqual([]);
  });
});
