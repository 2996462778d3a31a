import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.js';
import { serveFixture, type ServedFixture } from '../../scripts/bench/serve-fixture.js';
import { measureEditableTable, printEditableTableFigures } from '../../scripts/bench/editable-table.js';

// Issue 4 items 6-7 and the performance paragraph: the editable table (handsontable) and the tree
// table in Chromium, on the fixture page tests/e2e/fixtures/editable-table (built here with Vite).
let fixture: ServedFixture;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  fixture = await serveFixture('editable-table');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(fixture.url);
  await page.locator('.editable-table .handsontable td').first().waitFor();
});
afterAll(async () => {
  await browser?.close();
  await fixture?.close();
});

const grid = () => page.getByTestId('editable-table');
const messageLine = () => page.getByTestId('editable-table-message');
const stats = () => page.getByTestId('editable-table-statistics');
/** The main grid's body cell at a row (0-based) and data column (0 = selection checkbox). */
const cell = (row: number, col: number) => grid().locator('.ht_master tbody tr').nth(row).locator('td').nth(col);
const button = (name: string) => grid().getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const ids = () => page.evaluate(() => window.__demo.model.rows.map((r) => r.id));

async function typeInto(row: number, col: number, text: string): Promise<void> {
  await cell(row, col).dblclick();
  const input = page.locator('.editable-table-editor input:visible').first();
  await input.waitFor();
  await input.fill(text);
  await input.press('Enter');
}

describe('editable table in Chromium (issue 4 item 6)', () => {
  it('shows saved rows with option texts, file names, thousands separators and the statistics row', async () => {
    await expect.poll(() => cell(0, 1).textContent()).toBe('甲');
    expect(await cell(0, 6).textContent()).toBe('启用');
    expect(await cell(0, 7).textContent()).toBe('合同.pdf');
    expect(await cell(0, 5).textContent()).toBe('1,234.5');
    const s = stats();
    expect(await s.locator('[data-key=qty]').textContent()).toBe('合计 0.3 / 平均 0.15');
    expect(await s.locator('[data-key=price]').textContent()).toBe('合计 2,234.5');
    expect((await s.boundingBox())?.height).toBe(32);
  });

  it('adds rows, warns on a second add within 1500 ms, and shows the first failing rule message', async () => {
    await button('新增').click();
    await button('新增').click();
    await page.locator('.ant-message').getByText('您点击得太快了，请慢一点！').waitFor();
    const rows = await ids();
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/_temp$/);
    await typeInto(2, 2, '12345');
    await expect.poll(() => messageLine().textContent()).toBe('请输入正确的手机号码');
    await expect.poll(() => cell(2, 2).getAttribute('class')).toContain('editable-table-invalid');
    await typeInto(2, 3, 'A');
    await expect.poll(() => messageLine().textContent()).toBe('编码不能重复');
    // saving collects values and rejects: the required name of the new row is the first failure
    await button('保存').click();
    await expect.poll(() => messageLine().textContent()).toBe('第1行 编码：编码不能重复');
    expect(await page.evaluate(() => window.__demo.saved.length)).toBe(0);
  });

  it('fixes the row, deletes a saved row into the delete list, moves rows, and saves', async () => {
    await typeInto(2, 1, '丙');
    await typeInto(2, 2, '13912345678');
    await typeInto(2, 3, 'C');
    await typeInto(2, 4, '12.5');
    await expect.poll(() => stats().locator('[data-key=qty]').textContent()).toBe('合计 12.8 / 平均 4.27');
    // select the saved row 乙 and delete it
    await cell(1, 0).locator('input[type=checkbox]').check();
    await button('删除').click();
    await expect.poll(ids).toEqual(['s1', expect.stringMatching(/_temp$/)]);
    // move the new row up: 上移 disabled at the first row, 下移 at the last
    await cell(1, 0).locator('input[type=checkbox]').check();
    expect(await button('下移').isDisabled()).toBe(true);
    await button('上移').click();
    await expect.poll(async () => (await ids())[1]).toBe('s1');
    expect(await button('上移').isDisabled()).toBe(true);
    expect(await page.evaluate(() => window.__demo.model.rows.map((r) => r.orderNum))).toEqual([1, 2]);
    await button('清空选择').click();
    await button('保存').click();
    await expect.poll(() => page.evaluate(() => window.__demo.saved.length)).toBe(1);
    const saved = await page.evaluate(() => window.__demo.saved[0]);
    expect(saved.deleteIds).toEqual(['s2']);
    expect(saved.rows.map((r) => r.name)).toEqual(['丙', '甲']);
    expect(problems).toEqual([]);
  });
});

describe('drag sort in Chromium (spec 4.4)', () => {
  it('drags a row by its header above the first row and rewrites orderNum', async () => {
    const before = await ids();
    const header = (i: number) => grid().locator('.ht_clone_inline_start tbody tr').nth(i).locator('th');
    await header(1).click();
    const from = await header(1).boundingBox();
    const to = await header(0).boundingBox();
    if (!from || !to) throw new Error('row headers not found');
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, to.y + 3, { steps: 8 });
    await page.mouse.up();
    await expect.poll(ids).toEqual([before[1], before[0]]);
    expect(await page.evaluate(() => window.__demo.model.rows.map((r) => r.orderNum))).toEqual([1, 2]);
  });
});

describe('tree table in Chromium (issue 4 item 7)', () => {
  it('loads children on first expand; a node without children becomes a leaf', async () => {
    const tree = page.getByTestId('tree-table');
    await tree.getByText('总部').waitFor();
    await tree.locator('tr', { hasText: '总部' }).locator('.ant-table-row-expand-icon').click();
    await tree.getByText('财务部').waitFor();
    await tree.locator('tr', { hasText: '分部' }).locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.evaluate(() => window.__demo.tree()?.find('d2')?.hasChildren)).toBe(false);
    expect(
      await page.evaluate(() =>
        (() => {
          try {
            window.__demo.tree()?.removeRows(5 as unknown as string);
            return 'no';
          } catch (e) {
            return (e as Error).name;
          }
        })(),
      ),
    ).toBe('TypeError');
  });
});

describe('performance (issue 4): 10,000 rows × 12 mixed columns', () => {
  it('renders warm within 600 ms, scrolls without dropped rows, validates within 1 s', async () => {
    const f = await measureEditableTable(browser, fixture.url);
    printEditableTableFigures(f);
    expect(f.dropped).toEqual([]);
    expect(f.validateErrors).toBe(0);
    expect(f.warmMs).toBeLessThanOrEqual(600);
    expect(f.validateMs).toBeLessThanOrEqual(1000);
  });
});
