import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// The app follows prefers-reduced-motion (src/app/utils/reduced-motion.tsx): with it, a modal and
// a dropdown open without their zoom / slide animation; without it, they animate as antd's do.

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => app?.close());

/**
 * Records every animating class an element takes from now on (antd's `ant-<motion>-appear-active`;
 * a `-prepare` class shows even without motion, for one measuring step, and is not counted).
 */
async function watchAppearClasses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { __appear: Set<string> }).__appear = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const el = change.target as Element;
        for (const c of Array.from(el.classList ?? [])) if (/-appear-active$/.test(c)) seen.add(c);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  return () => page.evaluate(() => [...(window as unknown as { __appear: Set<string> }).__appear].sort());
}

/** Opens 银行账户's 新增 modal and the first select inside it; returns the animation classes seen. */
async function openModalAndDropdown(page: Page): Promise<string[]> {
  await signIn(page, app.server.url);
  await page.goto(`${app.server.url}/online/cgformList/fin_bank_account`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 60_000 });
  const seen = await watchAppearClasses(page);
  await page
    .locator('.tab-view:visible')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('.ant-select-selector').first().click();
  await page.locator('.ant-select-dropdown:visible').first().waitFor();
  // an animation started by the click has started by now (antd's last ~300 ms)
  await page.waitForTimeout(500);
  return seen();
}

describe('reduced motion', () => {
  it('opens modals and dropdowns without animation when the browser prefers reduced motion', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    expect(await openModalAndDropdown(page)).toEqual([]);
    await page.close();
  });

  it('animates them otherwise (antd zoom and slide-up)', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'no-preference' });
    const seen = await openModalAndDropdown(page);
    expect(seen).toContain('ant-zoom-appear-active');
    expect(seen).toContain('ant-slide-up-appear-active');
    await page.close();
  });
});
