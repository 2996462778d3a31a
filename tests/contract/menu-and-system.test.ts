import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { up as upgradeMenus } from '../../src/server/db/migrations/012_jeecg_menu_compat.js';
import type { StartedServer } from '../../src/server/start.js';
import { concrete, endpointsOf } from './endpoint-tables.js';
import { recordsOf, resultOf, startContractServer, vue2Client, walk } from './jeecg-client.js';

/**
 * The JeecgBoot Vue 2 client (ant-design-vue-jeecg 3.x) against our server: sign-in, the menu it
 * builds its routes from, and the calls of the system pages it opens (api-contract §2–§6).
 * Expected shapes come from the contract and JeecgBoot's published API and seed, not from our
 * own answers.
 */
let server: StartedServer;
let jeecg: Awaited<ReturnType<typeof vue2Client>>;

beforeAll(async () => {
  server = await startContractServer();
  jeecg = await vue2Client(server);
});
afterAll(async () => server?.close());

interface MenuNode {
  id: string;
  path: string;
  name: string;
  component: string;
  route: string;
  hidden?: boolean;
  meta: Record<string, unknown>;
  children?: MenuNode[];
}

/** JeecgBoot's seed: menu url → the page component its client opens (sys_permission rows). */
const JEECG_PAGES: Record<string, string> = {
  '/dashboard/analysis': 'dashboard/Analysis',
  '/isystem/user': 'system/UserList',
  '/isystem/role': 'system/RoleList',
  '/isystem/permission': 'system/PermissionList',
  '/isystem/depart': 'system/DepartList',
  '/isystem/dict': 'system/DictList',
  '/isystem/category': 'system/SysCategoryList',
  '/isystem/position': 'system/SysPositionList',
  '/isystem/annountCement': 'system/SysAnnouncementList',
  '/isystem/log': 'system/LogList',
  '/isystem/QuartzJobList': 'system/QuartzJobList',
  '/sys/dataLog-list': 'system/DataLogList',
  '/isystem/checkRule': 'system/SysCheckRuleList',
  '/isystem/fillRule': 'system/SysFillRuleList',
  '/isystem/dataSource': 'system/SysDataSourceList',
  '/isystem/gatewayroute': 'system/SysGatewayRouteList',
  '/isys/tenant': 'system/TenantList',
  '/isystem/online': 'system/SysUserOnlineList',
  '/isystem/addressList': 'system/AddressList',
};

/** Vue Router's match of a `:param` route path against a concrete path: the params, or null. */
function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const re = new RegExp('^' + pattern.replace(/:(\w+)/g, (_m, n: string) => (names.push(n), '([^/]+)')) + '$');
  const m = re.exec(path);
  return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) : null;
}

describe('getUserPermissionByToken as the Vue 2 router reads it (api-contract §3.1)', () => {
  let menu: MenuNode[];
  beforeAll(async () => {
    const result = resultOf(await jeecg.get('/sys/permission/getUserPermissionByToken'));
    menu = result.menu;
    expect(Array.isArray(result.auth) && Array.isArray(result.allAuth)).toBe(true);
    expect(typeof result.sysSafeMode).toBe('boolean');
  });

  it('gives every entry a string component, a string route flag and boolean meta flags', () => {
    expect(menu.length).toBeGreaterThan(0);
    for (const e of walk(menu)) {
      expect(typeof e.component, e.path).toBe('string'); // the client calls component.indexOf
      expect(e.component.length, e.path).toBeGreaterThan(0);
      expect(['0', '1']).toContain(e.route);
      expect(typeof e.meta.title).toBe('string');
      expect(typeof e.meta.keepAlive).toBe('boolean');
      expect(typeof e.meta.internalOrExternal).toBe('boolean');
      expect(typeof e.name).toBe('string');
    }
  });

  it("answers JeecgBoot's page names for the screens JeecgBoot has", () => {
    const byPath = new Map([...walk(menu)].map((e) => [e.path, e]));
    for (const [path, component] of Object.entries(JEECG_PAGES)) expect(byPath.get(path)?.component, path).toBe(component);
  });

  it('opens online screens through the hidden :code route, so the list page receives the id', async () => {
    const all = [...walk(menu)];
    const online = all.filter((e) => /^\/online\/cgformList\/[^:/]+$/.test(e.path));
    expect(online.map((e) => e.path)).toContain('/online/cgformList/fin_bank_account');
    const routes = all.filter((e) => e.route === '1');
    for (const item of online) {
      expect(item.route, item.path).toBe('0'); // a menu item, no route of its own
      const served = routes.map((r) => ({ r, params: matchRoute(r.path, item.path) })).filter((x) => x.params);
      expect(served.map((x) => x.r.path)).toEqual(['/online/cgformList/:code']);
      expect(served[0].r).toMatchObject({ component: 'modules/online/cgform/auto/OnlCgformAutoList', hidden: true });
      // what OnlCgformAutoList then calls with $route.params.code
      const columns = resultOf(await jeecg.get(`/online/cgform/api/getColumns/${served[0].params!.code}`));
      expect(Array.isArray(columns.columns)).toBe(true);
    }
    for (const p of ['/online/cgformTreeList/:code', '/online/cgformErpList/:code', '/online/cgreport/:code'])
      expect(routes.some((r) => r.path === p && r.hidden)).toBe(true);
  });
});

describe('the system pages of the JeecgBoot client', () => {
  it('用户管理 asks which third-party apps are enabled (an object of booleans)', async () => {
    const enabled = resultOf(await jeecg.get('/sys/thirdApp/getEnabledType'));
    expect(typeof enabled.wechatEnterprise).toBe('boolean');
    expect(typeof enabled.dingtalk).toBe('boolean');
  });

  it('user pickers read getMultiUser as a bare array filtered by the field they store', async () => {
    const reply = await jeecg.get('/sys/user/getMultiUser', { username: 'admin,wangfang,' });
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(reply.body.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'wangfang']);
    for (const u of reply.body) expect(typeof u.id === 'string' && typeof u.realname === 'string').toBe(true);
    const byId = await jeecg.get('/sys/user/getMultiUser', { id: `${reply.body[0].id},` });
    expect(byId.body.map((u: { id: string }) => u.id)).toEqual([reply.body[0].id]);
  });

  it('the 授权 drawer and 部门权限 tab get tree nodes whose scopedSlots is an object (antd 1.x tree)', async () => {
    for (const url of ['/sys/role/queryTreeList', '/sys/permission/queryTreeList']) {
      const { treeList, ids } = resultOf(await jeecg.get(url));
      expect(Array.isArray(ids)).toBe(true);
      expect(treeList.length).toBeGreaterThan(0);
      for (const n of walk<{ key: string; title: string; isLeaf: boolean; scopedSlots: unknown; children?: never[] }>(treeList)) {
        expect(n.scopedSlots, `${url} ${n.title}`).toEqual({ title: 'hasDatarule' });
        expect(typeof n.key).toBe('string');
        expect(typeof n.isLeaf).toBe('boolean');
      }
    }
  });

  it('lists of the system pages answer pages (records, total)', async () => {
    for (const url of [
      '/sys/user/list',
      '/sys/role/list',
      '/sys/dict/list',
      '/sys/position/list',
      '/sys/annountCement/list',
      '/sys/quartzJob/list',
      '/sys/checkRule/list',
      '/sys/fillRule/list',
      '/sys/dataSource/list',
      '/sys/tenant/list',
      '/sys/category/rootList',
      '/sys/log/list',
      '/sys/dataLog/list',
    ])
      recordsOf(await jeecg.get(url, { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' }));
  });

  it("seeds values the client's own form rules accept (department and user phones are mobile numbers)", async () => {
    // JeecgBoot's validateMobile of the department and user forms
    const mobile = /^1[3|4|5|7|8][0-9]\d{8}$/;
    for (const d of walk<{ mobile?: string | null; departName: string; children?: never[] }>(
      resultOf(await jeecg.get('/sys/sysDepart/queryTreeList')),
    ))
      if (d.mobile) expect(d.mobile, d.departName).toMatch(mobile);
    for (const u of recordsOf(await jeecg.get('/sys/user/list', { pageNo: '1', pageSize: '100' })))
      if (u.phone) expect(u.phone, u.username).toMatch(mobile);
  });
});

describe('the endpoint tables of docs/jeecg-compat.md', () => {
  /** True when the server routes the call (anything but JeecgBoot's "no such path" answer). */
  async function routed(method: 'GET' | 'POST' | 'PUT' | 'DELETE', p: string): Promise<boolean> {
    // no token: protected paths answer 401, anonymous ones refuse the empty input; nothing is changed
    const res = await server.app.inject({ method, url: server.ctx.config.apiBase + concrete(p) });
    let body: { message?: string } | undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return !(body?.message === '路径不存在，请检查路径是否正确' || (res.statusCode === 404 && !body));
  }

  it('serves every endpoint listed as served', async () => {
    const served = endpointsOf('Served endpoints');
    expect(served.length).toBeGreaterThan(150);
    const missing = [];
    for (const e of served) if (!(await routed(e.method, e.path))) missing.push(`${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it('serves none of the endpoints listed as not served', async () => {
    const unserved = endpointsOf('Not served');
    expect(unserved.length).toBeGreaterThan(10);
    const present = [];
    for (const e of unserved) if (await routed(e.method, e.path)) present.push(`${e.method} ${e.path}`);
    expect(present).toEqual([]);
  });
});

describe('menus of a database created before (migration 012_jeecg_menu_compat)', () => {
  it("brings old rows to JeecgBoot's shape: page names by screen id, online items without a route", async () => {
    const db = server.ctx.db;
    const rows = () =>
      sql<{ url: string; component: string; is_route: boolean }>`select url, component, is_route from sys_permission
        where url in ('/isystem/user', '/isystem/dictItem', '/online/cgformList/fin_bank_account', '/online/cgformList/:code')`.execute(db);
    // as an earlier version seeded them
    await sql`update sys_permission set component = 'system/ScreenList' where url = '/isystem/user'`.execute(db);
    await sql`update sys_permission set is_route = true where url = '/online/cgformList/fin_bank_account'`.execute(db);
    await upgradeMenus(db as never);
    const byUrl = Object.fromEntries((await rows()).rows.map((r) => [r.url, r]));
    expect(byUrl['/isystem/user']).toMatchObject({ component: 'system/UserList', is_route: true });
    expect(byUrl['/isystem/dictItem']).toMatchObject({ component: 'system/ScreenList', is_route: true });
    expect(byUrl['/online/cgformList/fin_bank_account']).toMatchObject({ is_route: false });
  });
});
