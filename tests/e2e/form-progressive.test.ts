import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formItem, pickSelect, signedInPage, startE2eApp, type E2eApp } from './app.js';

// The form benchmark (a form of 200 fields painted ≤ 200 ms) in Chromium: a large editable form
// mounts progressively (renderers/form/progressive-items.tsx). The fixture screen
// tests/e2e/schemas/demo_big_form.json has 90 fields, three per row; 末尾必填 (the last) is required.
let app: E2eApp;
let page: Page;
let token: string;
let problems: string[] = [];
const FIELDS = 90;

beforeAll(async () => {
  app = await startE2eApp();
  ({ page, token, problems } = await signedInPage(app));
});
afterAll(async () => {
  await app?.close();
});

const api = async (url: string) => {
  const res = await fetch(`${app.server.url}/jeecg-boot${url}`, { headers: { 'x-access-token': token } });
  return res.json() as Promise<{ success: boolean; result: { records: Record<string, unknown>[]; total: number } }>;
};
const pending = () => page.locator('.ant-modal:visible [data-item-pending]');
const formModal = () => page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-formily-item') });

async function openList(): Promise<void> {
  await page.goto(`${app.server.url}/online/cgformList/demo_big_form`);
  await page.locator('.screen-list').waitFor();
}

/**
 * Clicks 新增 inside the page and, in the first DOM change where all items are there, runs
 * `then` (page code, as text) and resolves with what it returns: what the user sees in the
 * form's first frame, before any later chunk.
 */
function openAndCatchFirstFrame<T>(then: string): Promise<T> {
  return page.evaluate(`new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('.ant-modal .ant-formily-item').length < ${FIELDS}) return;
      observer.disconnect();
      resolve((${then})());
    });
    observer.observe(document.body, { childList: true, subtree: true });
    [...document.querySelectorAll('.ant-btn')].find((b) => /新\\s*增/.test(b.textContent)).click();
  })`) as Promise<T>;
}

describe('a large form mounts progressively', () => {
  it('paints every item at once, the first screenful real, and turns the others real after that frame', async () => {
    await openList();
    const first = await openAndCatchFirstFrame<{
      items: number;
      pending: number;
      firstReal: boolean;
      lastLabel: string;
      shellsInView: number;
    }>(`() => ({
      items: document.querySelectorAll('.ant-modal .ant-formily-item').length,
      pending: document.querySelectorAll('.ant-modal [data-item-pending]').length,
      firstReal: !!document.querySelector('.ant-modal .ant-formily-item input.ant-input'),
      lastLabel: [...document.querySelectorAll('.ant-modal .ant-formily-item label')].pop().textContent,
      // the first screenful covers what the modal's body shows: no shell in its visible part
      shellsInView: [...document.querySelectorAll('.ant-modal [data-item-pending]')].filter(
        (el) => el.getBoundingClientRect().top < document.querySelector('.ant-modal-body').getBoundingClientRect().bottom,
      ).length,
    })`);
    expect(first.items).toBe(FIELDS);
    expect(first.pending).toBeGreaterThan(0);
    expect(first.pending).toBeLessThan(FIELDS);
    expect(first.firstReal).toBe(true);
    expect(first.shellsInView).toBe(0);
    expect(first.lastLabel).toBe('末尾必填');
    // the shells turn real within a moment; then every item has its control
    await expect.poll(() => pending().count(), { timeout: 10_000 }).toBe(0);
    expect(await formModal().locator('.ant-formily-item').count()).toBe(FIELDS);
    expect(await formModal().locator('.ant-formily-item .ant-select').count()).toBe(14);
    expect(await formModal().locator('.ant-formily-item .ant-picker').count()).toBe(10);
    expect(await formModal().locator('.ant-formily-item textarea').count()).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('turns a focused shell real at once and hands it the focus', async () => {
    await openList();
    const focused = await openAndCatchFirstFrame<{ label: string; tag: string }>(`() => new Promise((resolve) => {
      const shell = [...document.querySelectorAll('.ant-modal [data-item-pending]')].pop();
      shell.focus();
      requestAnimationFrame(() => {
        const el = document.activeElement;
        resolve({ tag: el.tagName, label: el.closest('.ant-formily-item')?.querySelector('label')?.textContent ?? '' });
      });
    })`);
    expect(focused).toEqual({ tag: 'INPUT', label: '末尾必填' });
    await page.keyboard.type('键入值');
    expect(await formItem(page, '末尾必填').locator('input').inputValue()).toBe('键入值');
    await page.keyboard.press('Escape');
  });

  it('a save right after opening checks every field, then saves the values of fields far down', async () => {
    await openList();
    const before = (await api('/online/cgform/api/getData/demo_big_form?pageNo=1&pageSize=10')).result.total;
    await openAndCatchFirstFrame<null>(`() => {
      [...document.querySelectorAll('.ant-modal .ant-btn')].find((b) => /确\\s*定/.test(b.textContent)).click();
      return null;
    }`);
    await expect.poll(() => formItem(page, '末尾必填').locator('.ant-formily-item-error-help').textContent()).toBe('请输入末尾必填!');
    expect(await pending().count()).toBe(0);
    expect((await api('/online/cgform/api/getData/demo_big_form?pageNo=1&pageSize=10')).result.total).toBe(before);

    await formItem(page, '字段85').locator('input').fill('第八十五');
    await pickSelect(page, '方式84', '现金');
    await formItem(page, '末尾必填').locator('input').fill('填好了');
    await formModal()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await formModal().waitFor({ state: 'detached' });
    const saved = (await api('/online/cgform/api/getData/demo_big_form?pageNo=1&pageSize=10&f90=填好了')).result.records;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ f85: '第八十五', f90: '填好了' });
    expect(saved[0].f84).toBeTruthy();
    expect(problems).toEqual([]);
  });
});
