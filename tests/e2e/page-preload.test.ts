import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2eApp, type E2eApp } from './app.js';

/**
 * Page code loads ahead of the click (src/app/router/usePagePreload.ts): opening a menu group
 * starts loading the code of its entries' pages, and the pointer resting on an entry loads that
 * entry's page, so the first opening does not wait for its chunks. Once the chunks are in, the
 * layout renders a list page's antd components once, hidden (src/app/layouts/StyleWarmup.tsx),
 * so the first list opened finds their styles made.
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

  it('makes the styles of a list page in idle time: the first list opened adds none of them', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await signIn(page, app.server.url);
    const components = ['table', 'pagination', 'select', 'picker', 'tree-select', 'formily-item'];
    /** Those of `components` whose antd rules (`.ant-x{…}`, cssinjs) are in the page's `<style>` elements, or in the new ones. */
    const styled = (onlyNew: boolean) =>
      page.evaluate(
        ({ components, onlyNew }) => {
          const w = window as unknown as { __seen?: Set<Element> };
          const text = [...document.querySelectorAll('style')]
            .filter((s) => !onlyNew || !w.__seen?.has(s))
            .map((s) => s.textContent ?? '')
            .join('\n');
          w.__seen = new Set(document.querySelectorAll('style'));
          return components.filter((c) => text.includes(`.ant-${c}{`) || text.includes(`.ant-${c} `) || text.includes(`.ant-${c}-`));
        },
        { components, onlyNew },
      );
    // the list components' styles come without any list being opened
    await expect.poll(() => styled(false), { timeout: 20_000 }).toEqual(components);
    // the hidden components are dropped once rendered
    await expect.poll(() => page.locator('.ant-table').count()).toBe(0);
    await page.locator('.ant-layout-sider').getByText('财务管理', { exact: true }).click();
    await page.locator('.ant-layout-sider').getByText('银行账户', { exact: true }).click();
    await page.locator('.screen-list .ant-table-row').first().waitFor({ timeout: 20_000 });
    expect(await styled(true)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
