import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, startE2eApp, type E2eApp } from './app.js';

/**
 * The first hour, walked: every entry of the side menu, as admin and as each demo user, on one
 * server, clicked through the sidebar. Each page must load with no console error, no failed
 * request (HTTP 4xx/5xx or a broken connection), no 字典Code格式不正确, no blank view, and
 * every entry must show its icon.
 */
let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

interface MenuEntry {
  id: string;
  path: string;
  hidden?: boolean;
  route?: string;
  meta: { title: string; internalOrExternal?: boolean };
  children?: MenuEntry[];
}

/**
 * The leaves a user can click in the side menu, each with the submenu titles above it (route "0"
 * entries too: online reports and forms are menu items served by their hidden `:code` routes).
 */
function leaves(list: MenuEntry[], parents: MenuEntry[] = []): { entry: MenuEntry; parents: MenuEntry[] }[] {
  return list
    .filter((e) => !e.hidden && !e.meta.internalOrExternal)
    .flatMap((e) => (e.children?.some((c) => !c.hidden) ? leaves(e.children, [...parents, e]) : [{ entry: e, parents }]));
}

/** A page of a fresh context signed in as `username` (department chosen when asked), recording its problems. */
async function signedIn(username: string): Promise<{ context: BrowserContext; page: Page; problems: string[]; inFlight: () => number }> {
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  let pending = 0;
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', () => pending++);
  page.on('requestfinished', async (r) => {
    pending--;
    const res = await r.response();
    if (res && res.status() >= 400) problems.push(`${res.status()} ${r.method()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    pending--;
    // a navigation away aborts what the previous page still loaded: that is not a failure
    if (!/ERR_ABORTED/.test(r.failure()?.errorText ?? '')) problems.push(`failed ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  });
  await page.goto(`${app.server.url}/user/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(E2E_PASSWORD);
  await page.locator('button[type=submit]').click();
  const choose = page.locator('.ant-modal:visible').filter({ hasText: '部门选择' });
  await Promise.race([page.waitForURL(/\/dashboard\/analysis/), choose.waitFor()]);
  if (await choose.isVisible()) {
    await choose.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await choose.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/dashboard\/analysis/);
  }
  return { context, page, problems, inFlight: () => pending };
}

/** Waits until no request has been in flight for 400 ms (at most 20 s). */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  const until = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
    await page.waitForTimeout(100);
  }
}

/** Top directories of the business areas (spec 1): business-menus.test.ts walks them as admin. */
const BUSINESS_GROUPS = new Set(['OA审批', '财务管理', '经营管理', '仓储与资产', '工程产值', '项目管理', '供应商管理', '服务采购']);

const USERS = ['admin', 'oa_demo', 'bss_demo', 'wms_demo', 'pm_demo', 'sup_demo', 'wangfang'];

describe('every menu entry opens cleanly', () => {
  for (const username of USERS) {
    it(`as ${username}`, { timeout: 600_000 }, async () => {
      const { context, page, problems, inFlight } = await signedIn(username);
      try {
        const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string);
        const res = await page.request.get(`${app.server.url}/jeecg-boot/sys/permission/getUserPermissionByToken`, {
          headers: { 'X-Access-Token': token },
        });
        const all = leaves(((await res.json()).result.menu ?? []) as MenuEntry[]);
        // admin's business entries are walked by business-menus.test.ts (a fresh load each, rows,
        // 新增, icon, dictionary errors); the demo users walk theirs here through the side menu
        const entries = username === 'admin' ? all.filter(({ parents }) => !BUSINESS_GROUPS.has(parents[0]?.meta.title ?? '')) : all;
        expect(entries.length).toBeGreaterThan(0);
        const sider = page.locator('.ant-layout-sider');
        const visited: string[] = [];
        for (const { entry, parents } of entries) {
          const item = sider.locator(`li.ant-menu-item[data-menu-id$="-${entry.id}"]`);
          // open the groups above the entry, then click it; a group still sliding open (or closed by
          // the previous navigation) is opened again, as a user would
          await expect
            .poll(
              async () => {
                for (const p of parents) {
                  if (await item.isVisible()) break;
                  const sub = sider.locator(`.ant-menu-submenu-title[data-menu-id$="-${p.id}"]`).first();
                  if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click({ timeout: 5_000 }).catch(() => undefined);
                }
                await item.click({ timeout: 5_000 }).catch(() => undefined);
                return new URL(page.url()).pathname;
              },
              { timeout: 60_000, message: `${entry.meta.title} opens from the side menu` },
            )
            .toBe(entry.path);
          // the item is drawn now (a submenu renders its items once opened): it shows its icon
          expect(await item.locator('.anticon').count(), `${entry.meta.title} has an icon`).toBeGreaterThan(0);
          await settled(page, inFlight);
          const text = await page.locator('body').innerText();
          expect(text, `${entry.meta.title} shows no dictionary error`).not.toContain('字典Code格式不正确');
          // not a blank page: the entry's view comes to show text, or an embedded page or chart
          const shown = () =>
            page
              .locator('.tab-view:visible')
              .evaluate(
                (el) =>
                  (el as HTMLElement).innerText.trim().length > 0 || el.querySelector('iframe, canvas, svg:not(.anticon svg)') !== null,
              );
          await expect.poll(shown, { timeout: 10_000, message: `${entry.meta.title} shows something` }).toBe(true);
          visited.push(entry.meta.title);
        }
        expect(problems, `problems while walking ${visited.join('、')}`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
