/**
 * Master-detail figures in Chromium (the P4 targets of the runtime for the business screens):
 *  - the largest master-detail screen's form, 工资审批 (fin_wages: its main fields and the
 *    工资明细 sub table, 16 columns), opened through its list's 新增 until every main item is
 *    painted and the sub table's grid is drawn; warm = the median of 5 openings after the first
 *    (code loaded); target ≤ 200 ms;
 *  - an ERP list of 100 rows with its sub table: bench_erp (scripts/bench/schemas, 工资审批's
 *    fields with a 100-row page, its rows copied from the seeded fin_wages by engine.ts
 *    generateRows): the click on the size changer's "100 条/页" until the 100 rows are painted,
 *    then the click on a row until its sub table's rows are painted; warm = median of 5; target
 *    ≤ 300 ms for the list.
 * Timing as render.ts: from the click to the frame after the condition first holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../../src/server/config.js';
import { LIST_READY, WARM_RUNS, closeFormDialog, median, signIn, timeUntil } from './render.js';

export interface MasterDetailFigures {
  formItems: number;
  formCold: number;
  formWarm: number;
  formWarmRuns: number[];
  listRows: number;
  listCold: number;
  listWarm: number;
  listWarmRuns: number[];
  subWarm: number;
  subWarmRuns: number[];
}

/** Main items of a screen's form: fields shown in the form, hidden widgets left out. */
function mainItems(file: string): number {
  const screen = JSON.parse(fs.readFileSync(path.join(projectRoot, file), 'utf8')) as { fields: { showForm?: boolean; widget?: string }[] };
  return screen.fields.filter((f) => f.showForm !== false && f.widget !== 'hidden').length;
}

/** Every main item painted and the sub table's grid drawn (no spinner left in it). */
const FORM_READY = `(args) => document.querySelectorAll('.ant-modal .ant-formily-item').length >= args.n
  && !!document.querySelector('.ant-modal [data-sub-editor] .handsontable')
  && !document.querySelector('.ant-modal [data-sub-editor] .ant-spin')`;

/** The ERP sub table below the list shows at least one row. */
const SUB_READY = `(args) => !!document.querySelector('.erp-sub-tables [data-sub-table="' + args.sub + '"] .ant-table-tbody .ant-table-row')`;

async function openForm(page: Page, n: number): Promise<number> {
  await page
    .locator('.screen-list .ant-btn')
    .filter({ hasText: /新\s*增/ })
    .first()
    .evaluate((el) => el.setAttribute('data-bench-add', '1'));
  const ms = await timeUntil(page, '[data-bench-add="1"]', FORM_READY, { n });
  await closeFormDialog(page);
  await page.waitForTimeout(300);
  return ms;
}

/** Runs both figures in a new signed-in page of `browser`. */
export async function masterDetailBench(browser: Browser, baseUrl: string, password: string): Promise<MasterDetailFigures> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  try {
    await signIn(page, baseUrl, password);
    const formItems = mainItems('schemas/finance/fin_wages.json');
    await page.goto(`${baseUrl}/online/cgformList/fin_wages`);
    await page.locator('.screen-list .ant-table-row').first().waitFor({ timeout: 60_000 });
    const formCold = await openForm(page, formItems);
    const formWarmRuns: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) formWarmRuns.push(await openForm(page, formItems));

    await page.goto(`${baseUrl}/online/cgformList/bench_erp`);
    const rows = page.locator('.screen-list .ant-table-row');
    await rows.first().waitFor({ timeout: 60_000 });
    const changer = page.locator('.screen-list .ant-pagination-options-size-changer');
    const sizeTo = async (size: number, timed: boolean): Promise<number> => {
      await changer.click();
      const option = page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: new RegExp(`^${size}\\b`) })
        .first();
      if (!timed) {
        await option.click();
        await page.waitForFunction((n) => document.querySelector('.screen-list')?.getAttribute('data-rows') === String(n), size);
        return 0;
      }
      await option.evaluate((el, value) => el.setAttribute('data-bench-size', value), String(size));
      return timeUntil(page, `[data-bench-size="${size}"]`, LIST_READY, { n: size });
    };
    // a row's sub table: click a cell of row `i` (not its checkbox)
    const openSub = async (i: number): Promise<number> => {
      await rows
        .nth(i)
        .locator('td')
        .nth(2)
        .evaluate((el) => el.setAttribute('data-bench-row', '1'));
      const ms = await timeUntil(page, '[data-bench-row="1"]', SUB_READY, { sub: 'bench_erp_line' });
      await page.evaluate(`document.querySelector('[data-bench-row]')?.removeAttribute('data-bench-row')`);
      return ms;
    };
    const listCold = await sizeTo(100, true);
    const listRows = Number(await page.locator('.screen-list').getAttribute('data-rows'));
    const listWarmRuns: number[] = [];
    const subWarmRuns: number[] = [];
    await openSub(0);
    for (let i = 0; i < WARM_RUNS; i++) {
      await sizeTo(10, false);
      listWarmRuns.push(await sizeTo(100, true));
      subWarmRuns.push(await openSub(1 + i));
    }
    return {
      formItems,
      formCold,
      formWarm: median(formWarmRuns),
      formWarmRuns,
      listRows,
      listCold,
      listWarm: median(listWarmRuns),
      listWarmRuns,
      subWarm: median(subWarmRuns),
      subWarmRuns,
    };
  } finally {
    await page.close();
  }
}

/** Prints {@link masterDetailBench}'s figures. */
export function printMasterDetailFigures(f: MasterDetailFigures): void {
  const runs = (v: number[]) => v.map((n) => n.toFixed(0)).join(', ');
  console.log('\n== Master-detail in Chromium (click → frame after the form / rows are painted) ==');
  console.log(
    `  largest master-detail form (工资审批: ${f.formItems} main items + 工资明细 grid): cold ${f.formCold.toFixed(0)} ms, warm ${f.formWarm.toFixed(0)} ms (median of ${runs(f.formWarmRuns)}; target ≤ 200 ms warm)`,
  );
  console.log(
    `  ERP list of ${f.listRows} rows (bench_erp): cold ${f.listCold.toFixed(0)} ms, warm ${f.listWarm.toFixed(0)} ms (median of ${runs(f.listWarmRuns)}; target ≤ 300 ms); a row's sub table ${f.subWarm.toFixed(0)} ms (median of ${runs(f.subWarmRuns)})`,
  );
}
