import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2eApp, type E2eApp } from './app.js';

/**
 * Page code loads ahead of the click (src/app/router/usePagePreload.ts): opening a menu group
 * starts loading the code of its entries' pages, and the pointer resting on an entry loads that
 * entry's page, so the first opening does not wait for its chunks.
 */

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.close();
});

interface MenuNode {
  component?: string;
  meta?: { title?: string };
  children?: MenuNode[];
}

/** The title of the group holding the entry whose component is `component`, and the entry's title. */
function findEntry(menu: MenuNode[], component: string, group?: string): { group: string; title: string } | null {
  for (const m of menu) {
    if (m.component === component && group) return { group, title: m.meta?.title ?? '' };
    const inner = m.children?.length ? findEntry(m.children, component, m.meta?.title) : null;
    if (inner) return inner;
  }
  return null;
}

describe('page code loaded ahead of the click', () => {
  it("loads a group's page code as the group opens, before any entry is clicked", async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await signIn(page, app.server.url);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string);
    const perm = (await (
      await fetch(`${app.server.url}/jeecg-boot/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } })
    ).json()) as { result: { menu: MenuNode[] } };
    // 日志管理's page is not among the few most used components the idle preload takes
    const log = findEntry(perm.result.menu, 'system/LogList');
    expect(log).not.toBeNull();
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    const chunk = () => loaded.some((p) => /\/assets\/LogList-[^/]*\.js$/.test(p));
    await page.waitForTimeout(3000);
    expect(chunk()).toBe(false);
    await page.locator('li.ant-menu-submenu .ant-menu-submenu-title').getByText(log!.group, { exact: true }).click();
    await expect.poll(chunk, { timeout: 10_000 }).toBe(true);
    // the page was never opened
    expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');
    expect(problems).toEqual([]);
    await context.close();
  });
});
