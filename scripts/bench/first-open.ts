import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../../src/server/config.js';

/** One cold session's figures (ms). */
export interface FirstOpenRun {
  /** click on the menu entry → the frame after the list's first rows are painted */
  menuToRows: number;
  /** click on 新增 → the frame after every form item is painted */
  addToForm: number;
}

export interface FirstOpenFigures {
  screen: string;
  formItems: number;
  runs: FirstOpenRun[];
  menuMedian: number;
  addMedian: number;
}

// In-page code as text (see render.ts: tsx would wrap named functions in a helper the page lacks).
// Clicks `[data-bench-click]` and resolves with the ms until `selector` matches `n` elements, then a frame.
const CLICK_UNTIL = `(args) => new Promise((resolve) => {
  const t0 = performance.now();
  let done = false;
  const observer = new MutationObserver(() => check());
  function check() {
    if (done || document.querySelectorAll(args.selector).length < args.n) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.querySelector('[data-bench-click]').click();
  document.querySelector('[data-bench-click]').removeAttribute('data-bench-click');
})`;

async function clickUntil(page: Page, selector: string, n: number): Promise<number> {
  return page.evaluate(`(${CLICK_UNTIL})(${JSON.stringify({ selector, n })})`) as Promise<number>;
}

/** Waits until the page has had no request for 500 ms and the main thread is idle. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate('new Promise((r) => requestIdleCallback(() => r(), { timeout: 2000 }))');
  await page.waitForTimeout(300);
}

/** Items the admin's 新增 form of a file screen shows: its fields not marked `showForm: false`. */
function formItemsOf(screenFile: string): number {
  const screen = JSON.parse(fs.readFileSync(path.join(projectRoot, screenFile), 'utf8')) as { fields: { showForm?: boolean }[] };
  return screen.fields.filter((f) => f.showForm !== false).length;
}

/**
 * First use of a business screen in a fresh browser session (cold cache, signed in, the home
 * page settled): the click on its menu entry (group `group`, entry `title`) until the list's first
 * rows are painted, then the click on 新增 until every item of the form is painted. Nothing of
 * the screen was loaded before either click, so chunk loading, style insertion, dictionary
 * requests and the first render are all inside the figures. `runs` sessions, medians reported.
 */
export async function firstOpenBench(
  browser: Browser,
  baseUrl: string,
  password: string,
  opts = { group: '财务管理', title: '银行账户', screenFile: 'schemas/finance/fin_bank_account.json', runs: 3 },
): Promise<FirstOpenFigures> {
  const formItems = formItemsOf(opts.screenFile);
  const runs: FirstOpenRun[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/user/login`);
      await page.locator('#username').fill('admin');
      await page.locator('#password').fill(password);
      await page.locator('button[type=submit]').click();
      await page.waitForURL(/\/dashboard\/analysis/, { timeout: 60_000 });
      await settle(page);
      const submenu = page
        .locator('li.ant-menu-submenu')
        .filter({ has: page.locator('.ant-menu-submenu-title').getByText(opts.group, { exact: true }) });
      if (!((await submenu.getAttribute('class')) ?? '').includes('ant-menu-submenu-open')) {
        await submenu.locator('.ant-menu-submenu-title').click();
      }
      const entry = submenu.locator('.ant-menu-item').getByText(opts.title, { exact: true });
      await entry.waitFor({ state: 'visible' });
      await settle(page);
      await entry.evaluate((el) => el.setAttribute('data-bench-click', '1'));
      const menuToRows = await clickUntil(page, '.screen-list .ant-table-row', 1);
      await settle(page);
      await page
        .locator('.screen-list .ant-btn')
        .filter({ hasText: /新\s*增/ })
        .first()
        .evaluate((el) => el.setAttribute('data-bench-click', '1'));
      const addToForm = await clickUntil(page, '.ant-modal .ant-formily-item', formItems);
      runs.push({ menuToRows, addToForm });
    } finally {
      await context.close();
    }
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  return {
    screen: opts.title,
    formItems,
    runs,
    menuMedian: median(runs.map((r) => r.menuToRows)),
    addMedian: median(runs.map((r) => r.addToForm)),
  };
}

/** Prints {@link firstOpenBench}'s figures. */
export function printFirstOpenFigures(f: FirstOpenFigures): void {
  const list = (pick: (r: FirstOpenRun) => number) => f.runs.map((r) => pick(r).toFixed(0)).join(', ');
  console.log(`\n== First use of ${f.screen} in a fresh session (Chromium, cold cache) ==`);
  console.log(`  menu click → first rows painted: ${f.menuMedian.toFixed(0)} ms (median of ${list((r) => r.menuToRows)}; target ≤ 500 ms)`);
  console.log(
    `  first 新增 → ${f.formItems} form items painted: ${f.addMedian.toFixed(0)} ms (median of ${list((r) => r.addToForm)}; target ≤ 300 ms)`,
  );
}
