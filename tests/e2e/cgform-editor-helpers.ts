import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

/**
 * Shared setup and grid helpers of the online designer editor tests (cgform-editor*.test.ts): one
 * admin page (1600×1000) recording its problems, the menu entries a file adds removed at its end
 * (other files count the menus of the shared seed), and the editor's handsontable grids driven as
 * a user drives them.
 */
export let app: E2eApp;
export let page: Page;
/** Page errors and 5xx answers of `page`; each test expects none. */
export const problems: string[] = [];
/** Menu entries the file adds (menuAdded), removed after its tests. */
const addedMenus: string[] = [];

/** Signs `page` in as admin before the file's tests; after them removes the menus added and closes the browser. */
export function useEditorPage(): void {
  beforeAll(async () => {
    app = await startE2eApp();
    page = await app.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
    await signIn(page, app.server.url);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({ path: `/tmp/cgform-editor-fail-${ctx.task.name.slice(0, 24).replace(/\W+/g, '_')}.png` })
        .catch(() => undefined);
  });
  afterAll(async () => {
    // the shared seed's menus as the other files expect them: the entries added here go (with their buttons and grants)
    if (page && addedMenus.length) {
      const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value)) as string;
      const res = await fetch(`${app.server.url}/jeecg-boot/sys/permission/deleteBatch?ids=${addedMenus.join(',')}`, {
        method: 'DELETE',
        headers: { 'X-Access-Token': token },
      });
      expect(((await res.json()) as { success: boolean }).success).toBe(true);
    }
    await app?.close();
  });
}

/**
 * Picks `name` as the parent menu in the add-to-menu dialog's tree select, again until it shows
 * as the value, and closes the drop-down (a busy page may leave it open over the dialog's buttons).
 */
export async function pickParentMenu(name: string) {
  const select = page.locator('.ant-modal:visible .ant-select').first();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect
    .poll(
      async () => {
        const picked = select.locator('.ant-select-selection-item');
        if ((await picked.count()) && (await picked.textContent()) === name) return name;
        if (!(await dropdown.count())) await select.click({ timeout: 5_000 }).catch(() => undefined);
        await dropdown
          .locator('.ant-select-tree-title', { hasText: new RegExp(`^${name}$`) })
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return (await picked.count()) ? await picked.textContent() : '';
      },
      { timeout: 45_000, message: `parent menu ${name} picked` },
    )
    .toBe(name);
  await expect
    .poll(async () => {
      if (await dropdown.count())
        await page
          .locator('.ant-modal:visible .ant-modal-title')
          .click({ timeout: 5_000 })
          .catch(() => undefined);
      return dropdown.count();
    })
    .toBe(0);
}

/** Resolves with the menu id of the next answer of the add-to-menu endpoint `path`, remembering it for removal. */
export const menuAdded = (path: string) =>
  page
    .waitForResponse((r) => r.url().includes(path), { timeout: 20_000 })
    .then(async (r) => {
      const body = (await r.json()) as { success: boolean; result?: { menuId?: string } };
      if (body.result?.menuId) addedMenus.push(body.result.menuId);
      return body;
    });

export const message = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor({ timeout: 20_000 });
export const modalOk = (p: Page = page) =>
  p
    .locator('.ant-modal:visible')
    .last()
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
export const headRow = (text: string) =>
  page.locator('[data-page=cgform-list] .ant-table-tbody tr.ant-table-row').filter({ hasText: text });
export const editor = () => page.locator('.ant-modal:visible [data-page=cgform-editor]');
export const cell = (grid: string, r: number, c: number) =>
  editor().locator(`[data-grid=${grid}] .ht_master tbody tr`).nth(r).locator('td').nth(c);
/** The text a grid cell shows (without a drop-down cell's arrow). */
export const shown = async (grid: string, r: number, c: number) => ((await cell(grid, r, c).textContent()) ?? '').replace('▼', '').trim();

/**
 * Selects the grid cell (r, c) and opens its editor with Enter, as a user does, until the editor
 * has the focus: a grid not yet listening to the keyboard right after the click (seen after the
 * dialog's OK took the focus) would take Ctrl+A as "select every cell" and the typed text into
 * another cell.
 */
async function openCellEditor(grid: string, r: number, c: number) {
  // the editor's input takes the focus once open (a second Enter would commit it: wait, then retry)
  const editing = () =>
    page
      .waitForFunction(() => document.activeElement?.classList.contains('handsontableInput') ?? false, undefined, { timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
  await expect
    .poll(
      async () => {
        await cell(grid, r, c).click();
        await page.keyboard.press('Enter');
        return editing();
      },
      { timeout: 20_000, message: `${grid} (${r}, ${c}) opens its editor` },
    )
    .toBe(true);
}
/** Types `text` into the grid cell (r, c) as a user does: select, open the editor, replace, Enter; the cell then shows `expected`. */
export async function setCell(grid: string, r: number, c: number, text: string, expected = text) {
  await openCellEditor(grid, r, c);
  await page.keyboard.press('ControlOrMeta+A');
  // typed keys drive a drop-down cell's filter; Chinese text arrives as an input method would send it
  if (/^[\x20-\x7e]*$/.test(text)) await page.keyboard.type(text);
  else await page.keyboard.insertText(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => shown(grid, r, c), { timeout: 5_000 }).toBe(expected);
}
/** Picks `option` in the drop-down cell (r, c): open its list, type to filter, click the option; the cell then shows `expected`. */
export async function pickCell(grid: string, r: number, c: number, option: string, expected = option) {
  await openCellEditor(grid, r, c);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(option);
  // the drop-down list is not filtered: it scrolls to the first option containing the keys and
  // highlights it, a moment after them; a click before would hit what scrolls into that row
  const list = page.locator('.autocompleteEditor:visible');
  await expect.poll(async () => (await list.locator('td.current').allTextContents()).join(','), { timeout: 5_000 }).toContain(option);
  await list
    .locator('td')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
  await expect.poll(() => shown(grid, r, c), { timeout: 5_000 }).toBe(expected);
}
/** Ticks the checkbox of the grid cell (r, c). */
export async function tick(grid: string, r: number, c: number, on = true) {
  const box = cell(grid, r, c).locator('input[type=checkbox]');
  if ((await box.isChecked()) !== on) await box.click();
  await expect.poll(() => box.isChecked()).toBe(on);
}
export const tab = (name: string) => editor().getByRole('tab', { name }).click();
