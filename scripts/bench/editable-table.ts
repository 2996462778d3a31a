/**
 * The editable table's figures (README "Benchmarks"), in Chromium on the
 * fixture page tests/e2e/fixtures/editable-table (`?perf=1`, 12 mixed columns): the warm time
 * from setting 10,000 rows to the grid's render after the next frame (target ≤ 600 ms), a
 * scroll check at five offsets (the rendered rows are consecutive and hold the right data:
 * nothing dropped), validating every row (target ≤ 1 s), and opening a select over a 5,000-item
 * dictionary (`?dict=1`, target ≤ 150 ms). Used by npm run bench and by
 * tests/e2e/editable-table.test.ts.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.js';
import { serveFixture } from './serve-fixture.js';

export interface EditableTableFigures {
  rows: number;
  coldMs: number;
  warmMs: number;
  validateMs: number;
  validateErrors: number;
  /** Scroll offsets where rows were missing or wrong (empty: none dropped). */
  dropped: string[];
  /** ms from pressing a select cell's editor over a 5,000-item dictionary to its options shown: first and warm. */
  selectColdMs: number;
  selectWarmMs: number;
}

/**
 * Opens the select of the `?dict=1` fixture (a 5,000-item dictionary, loaded when the editor
 * mounts) twice and returns the ms from the mousedown on the select to the frame after its
 * first option is in the drop-down: [first open, warm open].
 */
export async function measureDictSelect(browser: Browser, fixtureUrl: string): Promise<[number, number]> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(`${fixtureUrl}?dict=1`);
    const cell = page.locator('.editable-table .ht_master tbody tr').first().locator('td').nth(1);
    await cell.waitFor();
    await cell.dblclick();
    const sel = page.locator('.editable-table-editor .ant-select:not(.ant-select-loading)');
    await sel.waitFor();
    // a string, so no bundler helper (__name) leaks into the page
    const script = `new Promise((resolve) => {
      const target = document.querySelector('.editable-table-editor .ant-select-selector');
      const t0 = performance.now();
      target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
      function check() {
        if (document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'))
          requestAnimationFrame(() => resolve(performance.now() - t0));
        else requestAnimationFrame(check);
      }
      check();
    })`;
    const open = () => page.evaluate<number>(script);
    const first = await open();
    if ((await page.locator('.ant-select-dropdown .ant-select-item-option').count()) === 0) throw new Error('select has no options');
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .waitFor({ state: 'detached', timeout: 2000 })
      .catch(() => undefined);
    const warm = await open();
    return [first, warm];
  } finally {
    await page.close();
  }
}

/** Measures on an open fixture URL with a running browser. */
export async function measureEditableTable(browser: Browser, fixtureUrl: string, rows = 10_000): Promise<EditableTableFigures> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(`${fixtureUrl}?perf=1`);
    await page.locator('.editable-table .handsontable').first().waitFor();
    const coldMs = await page.evaluate((n) => window.__demo.load(n), rows);
    await page.evaluate(() => window.__demo.load(10));
    const warmMs = await page.evaluate((n) => window.__demo.load(n), rows);
    const holder = page.locator('.editable-table .ht_master .wtHolder');
    const dropped: string[] = [];
    for (const top of [0, 40_000, 150_000, 250_000, 10_000_000]) {
      await holder.evaluate((el, y) => el.scrollTo(0, y), top);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
      const nums = await page.$$eval('.editable-table .ht_master tbody tr th', (ths) => ths.map((th) => Number(th.textContent)));
      const names = await page.$$eval('.editable-table .ht_master tbody tr td:nth-of-type(2)', (tds) => tds.map((td) => td.textContent));
      const ok =
        nums.length > 5 && nums.every((n, i) => i === 0 || n === nums[i - 1] + 1) && names.every((t, i) => t === `物料${nums[i] - 1}`);
      if (!ok) dropped.push(`${top}: ${nums.slice(0, 3).join(',')}… ${names.slice(0, 2).join(',')}`);
    }
    const v = await page.evaluate(() => window.__demo.validate());
    const [selectColdMs, selectWarmMs] = await measureDictSelect(browser, fixtureUrl);
    return { rows, coldMs, warmMs, validateMs: v.ms, validateErrors: v.errors, dropped, selectColdMs, selectWarmMs };
  } finally {
    await page.close();
  }
}

/** Builds and serves the fixture, launches Chromium, measures, cleans up. */
export async function editableTableBench(): Promise<EditableTableFigures> {
  const fixture = await serveFixture('editable-table');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    return await measureEditableTable(browser, fixture.url);
  } finally {
    await browser.close();
    await fixture.close();
  }
}

/** Prints the figures in the bench's format. */
export function printEditableTableFigures(f: EditableTableFigures): void {
  console.log(`\n== Editable table (handsontable, Chromium): ${f.rows.toLocaleString('en-US')} rows × 12 mixed columns ==`);
  console.log(`  render warm  ${f.warmMs.toFixed(0).padStart(8)} ms (target ≤ 600 ms; cold ${f.coldMs.toFixed(0)} ms)`);
  console.log(`  scroll       ${f.dropped.length ? 'rows dropped at ' + f.dropped.join('; ') : 'no dropped rows at 5 offsets'}`);
  console.log(`  validate all ${f.validateMs.toFixed(0).padStart(8)} ms (target ≤ 1000 ms; ${f.validateErrors} errors)`);
  console.log(
    `  select over a 5,000-item dictionary opens ${f.selectWarmMs.toFixed(0).padStart(4)} ms (target ≤ 150 ms; first open ${f.selectColdMs.toFixed(0)} ms)`,
  );
}
