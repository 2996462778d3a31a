import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn, startE2eApp, type E2eApp } from './app.js';

// Every business menu entry opened in Chromium on the seeded demo company, as admin (each list
// screen's 新增 form opened and its required fields checked) and as each variant's demo user
// (title beside the logo, only its directories): every entry shows rows, the console stays free
// of errors and no request fails. Admin's business entries are walked here only (menu-walk skips
// them): each also shows its side-menu icon and no dictionary error.
let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp();
});
afterAll(async () => {
  await app?.close();
});

interface MenuNode {
  path: string;
  hidden?: boolean;
  meta: { title: string };
  children?: MenuNode[];
}
interface Entry {
  group: string;
  title: string;
  path: string;
}

/** Business entries of the user's side menu (every visible leaf outside 首页, 系统管理, 工作流 and 在线开发), with their top directory. */
function businessEntries(menu: MenuNode[]): Entry[] {
  const out: Entry[] = [];
  const walk = (nodes: MenuNode[], group: string) => {
    for (const n of nodes) {
      if (n.hidden) continue; // not in the side menu (e.g. the :code routes of online entries)
      if (n.children?.length) walk(n.children, group);
      else out.push({ group, title: n.meta.title, path: n.path });
    }
  };
  const notBusiness = new Set(['系统管理', '工作流', '在线开发']);
  for (const top of menu) if (top.children?.length && !notBusiness.has(top.meta.title)) walk(top.children, top.meta.title);
  return out;
}

/** A signed-in page of a fresh context that records console errors, page errors and failed requests. */
async function openSession(username: string): Promise<{ ctx: BrowserContext; page: Page; problems: string[]; menu: MenuNode[] }> {
  const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  // a request the app cancels itself (a list's page request when its tab is left) is not a failure
  page.on(
    'requestfailed',
    (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed ${r.url()}: ${r.failure()?.errorText}`),
  );
  await signIn(page, app.server.url, username);
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value)) as string;
  const res = await page.request.get(`${app.server.url}/jeecg-boot/sys/permission/getUserPermissionByToken`, {
    headers: { 'X-Access-Token': token },
  });
  const menu = ((await res.json()) as { result: { menu: MenuNode[] } }).result.menu;
  return { ctx, page, problems, menu };
}

/** Opens `path` inside the running app (client-side navigation, as a menu click does). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
}

const view = (page: Page) => page.locator('.tab-view:not([style*="display: none"])');

/** Waits until the open entry's table shows at least one row; returns the rows shown. */
async function rowsShown(page: Page, entry: Entry): Promise<number> {
  const rows = view(page).locator('.ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 60_000, message: `${entry.group} › ${entry.title}` }).toBeGreaterThan(0);
  return rows.count();
}

/** Opens the list's 新增 form, confirms it empty and expects a required-field message; closes it. */
async function addFormValidates(page: Page, entry: Entry): Promise<void> {
  const add = view(page)
    .getByRole('button', { name: /新\s*增/ })
    .locator('visible=true');
  if ((await add.count()) === 0) return; // report screens have no form
  await add
    .first()
    .click({ timeout: 20_000 })
    .catch((err: Error) => {
      throw new Error(`${entry.group} › ${entry.title}: 新增 — ${err.message}`);
    });
  const modal = page.locator('.ant-modal:visible');
  await modal.waitFor({ timeout: 60_000 });
  await modal
    .getByRole('button', { name: /确\s*定/ })
    .click({ timeout: 20_000 })
    .catch((err: Error) => {
      throw new Error(`${entry.group} › ${entry.title}: 确定 — ${err.message}`);
    });
  await expect
    .poll(() => modal.locator('.ant-formily-item-error-help').count(), { timeout: 30_000, message: `${entry.title}: required messages` })
    .toBeGreaterThan(0);
  await modal.getByRole('button', { name: /取\s*消/ }).click();
  await modal.waitFor({ state: 'detached', timeout: 30_000 });
}

const VARIANT_USERS: [user: string, title: string, groups: string[], entries: number][] = [
  ['oa_demo', '协同办公系统', ['OA审批'], 9],
  // the catalogue's 8 and the 银行账户报表 report
  ['bss_demo', '业务支撑系统', ['财务管理', '经营管理'], 9],
  ['wms_demo', '仓储管理系统', ['仓储与资产'], 5],
  ['pm_demo', '项目管理系统', ['项目管理'], 23],
  ['iee_demo', '智慧工程', ['工程产值'], 2],
  ['sup_demo', '供应商管理系统', ['供应商管理', '服务采购'], 12],
];

describe('every business menu entry with the demo company (spec 1, business-screens.md §1.3)', () => {
  it('admin: all 60 entries show rows; each list’s 新增 form opens and checks its required fields', async () => {
    const { ctx, page, problems, menu } = await openSession('admin');
    const entries = businessEntries(menu);
    // the catalogue's 59 and the 银行账户报表 report
    expect(entries.map((e) => e.title)).toHaveLength(60);
    const sider = page.locator('.ant-layout-sider');
    for (const e of entries) {
      // a full load per entry: each form starts from a fresh page (as after a sign-in)
      await page.goto(`${app.server.url}${e.path}`);
      await rowsShown(page, e);
      // menu-walk leaves admin's business entries to this walk: the same icon and dictionary checks
      const selected = sider.locator('li.ant-menu-item-selected');
      await selected.waitFor();
      expect(await selected.locator('.anticon').count(), `${e.title} has an icon`).toBeGreaterThan(0);
      expect(await page.locator('body').innerText(), `${e.title} shows no dictionary error`).not.toContain('字典Code格式不正确');
      await addFormValidates(page, e);
    }
    expect(problems).toEqual([]);
    await ctx.close();
  }, 1_200_000);

  for (const [user, title, groups, count] of VARIANT_USERS) {
    it(`${user}: title ${title}, only ${groups.join('/')}, its ${count} entries show rows`, async () => {
      const { ctx, page, problems, menu } = await openSession(user);
      const sider = page.locator('.ant-layout-sider');
      await expect.poll(() => sider.locator('.logo').textContent()).toContain(title);
      // the hidden online routes every menu answer carries (JeecgBoot's :code rows) are no menu entries
      expect(menu.filter((m) => !m.hidden).map((m) => m.meta.title)).toEqual(['首页', ...groups, '工作流']);
      for (const g of ['OA审批', '财务管理', '经营管理', '仓储与资产', '工程产值', '项目管理', '供应商管理', '服务采购', '系统管理'])
        expect(await sider.getByText(g, { exact: true }).count(), g).toBe(groups.includes(g) ? 1 : 0);
      const entries = businessEntries(menu);
      expect(entries).toHaveLength(count);
      for (const e of entries) {
        await navigate(page, e.path);
        await rowsShown(page, e);
      }
      expect(problems).toEqual([]);
      await ctx.close();
    }, 600_000);
  }
});
