import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { MENU_ICON_NAMES } from '../../src/shared/menu-icons.js';

let server: StartedServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /sys/login', () => {
  it('signs in with the right password and answers code 200 with token, userInfo and dictionaries', async () => {
    const res = await client(server).post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe('登录成功');
    expect(typeof res.body.result.token).toBe('string');
    expect(res.body.result.userInfo.username).toBe('admin');
    expect(res.body.result.userInfo).not.toHaveProperty('password');
    expect(res.body.result.userInfo.orgCode).toBe('A01');
    // spec 3 "Session and user info": the current department's name
    expect(res.body.result.userInfo.departName).toBe('中冀智联工程技术有限公司');
    expect(res.body.result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(res.body.result.sysAllDictItems.bank_code.length).toBeGreaterThan(10);
  });

  it('writes no sys_user row for an account with nothing to reset (the cached user names stay on every process)', async () => {
    await client(server).post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    const announced: string[][] = [];
    server.ctx.bus.subscribe((msg) => msg.type === 'names' && announced.push(msg.tables));
    const res = await client(server).post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.body.success).toBe(true);
    expect(announced.filter((tables) => tables.includes('sys_user'))).toEqual([]);
    // a changed department is still written (and announced)
    await server.ctx.db.updateTable('sys_user').set({ org_code: 'NOT_A_DEPART' }).where('username', '=', 'admin').execute();
    announced.length = 0;
    expect((await client(server).post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).body.result.userInfo.orgCode).toBe(
      'A01',
    );
    expect(
      (await server.ctx.db.selectFrom('sys_user').select('org_code').where('username', '=', 'admin').executeTakeFirst())?.org_code,
    ).toBe('A01');
    expect(announced.some((tables) => tables.includes('sys_user'))).toBe(true);
  });

  it('refuses a wrong password and an unknown user with the same clear message', async () => {
    const wrong = await client(server).post('/sys/login', { username: 'wangfang', password: 'nope-1234' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.code).toBe(500);
    expect(wrong.body.message).toContain('用户名或密码错误');
    const unknown = await client(server).post('/sys/login', { username: 'nobody_here', password: 'nope-1234' });
    expect(unknown.body.success).toBe(false);
    expect(unknown.body.message).toBe('用户名或密码错误');
  });

  it('refuses a request without credentials as a user mistake, not a fault', async () => {
    const res = await client(server).post('/sys/login', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '请输入用户名和密码' });
  });

  it('locks the account after five wrong passwords in a row, even for the right password', async () => {
    for (let i = 1; i <= 4; i++) {
      const r = await client(server).post('/sys/login', { username: 'lina', password: `bad-${i}` });
      expect(r.body.success).toBe(false);
    }
    const fifth = await client(server).post('/sys/login', { username: 'lina', password: 'bad-5' });
    expect(fifth.body.message).toContain('账号已锁定');
    const right = await client(server).post('/sys/login', { username: 'lina', password: ADMIN_PASSWORD });
    expect(right.body.success).toBe(false);
    expect(right.body.message).toMatch(/账号已锁定，请\d+分钟后再试/);
    // other accounts are unaffected
    expect(await login(server, 'wangfang')).toBeTruthy();
  });
});

describe('tokens', () => {
  it('answers 401 with the token-invalid text without a token or with a forged one', async () => {
    const none = await client(server).get('/sys/permission/getUserPermissionByToken');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 401 });
    expect(none.body.message).toContain('Token失效，请重新登录');
    const forged = await client(server, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc').get('/sys/permission/getUserPermissionByToken');
    expect(forged.status).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await login(server, 'admin');
    expect((await client(server, token).get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    const out = await client(server, token).post('/sys/logout');
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await client(server, token).get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
  });
});

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('gives admin every menu group with the screens and all button codes', async () => {
    const res = await client(server, await login(server, 'admin')).get('/sys/permission/getUserPermissionByToken');
    const { menu, auth, allAuth, sysSafeMode } = res.body.result;
    expect(sysSafeMode).toBe(false);
    expect(menu[0]).toMatchObject({ path: '/dashboard/analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页' } });
    const finance = menu.find((m: any) => m.meta.title === '财务管理');
    expect(finance.component).toBe('layouts/RouteView');
    expect(finance.children[0]).toMatchObject({
      path: '/online/cgformList/fin_bank_account',
      name: 'online-cgformList-fin_bank_account',
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      meta: { title: '银行账户', componentName: 'OnlCgformAutoList' },
    });
    expect(menu.find((m: any) => m.meta.title === '仓储与资产').children.map((c: any) => c.meta.title)).toContain('车辆台账');
    const codes = auth.map((a: any) => a.action);
    expect(codes).toEqual(expect.arrayContaining(['fin:bank_account:add', 'fin:bank_account:batch_delete', 'wms:vehicle:delete']));
    expect(allAuth.find((a: any) => a.action === 'wms:vehicle:delete')).toMatchObject({ type: '1', status: '1' });
  });

  it('gives the warehouse role only the warehouse menu and no delete buttons', async () => {
    const res = await client(server, await login(server, 'wms_demo')).get('/sys/permission/getUserPermissionByToken');
    const titles = res.body.result.menu.filter((m: any) => !m.hidden).map((m: any) => m.meta.title);
    // every role holds the 工作流 task pages (我的待办, 我的已办, 我发起的)
    expect(titles).toEqual(['首页', '仓储与资产', '工作流']);
    const codes = res.body.result.auth.map((a: any) => a.action);
    expect(codes).toContain('user:gam');
    expect(codes).toContain('wms:vehicle:add');
    expect(codes).not.toContain('wms:vehicle:delete');
    expect(codes.some((c: string) => c.startsWith('fin:'))).toBe(false);
  });

  it('gives the finance role the finance and business menus and the BSS marker first', async () => {
    const res = await client(server, await login(server, 'bss_demo')).get('/sys/permission/getUserPermissionByToken');
    expect(res.body.result.menu.filter((m: any) => !m.hidden).map((m: any) => m.meta.title)).toEqual([
      '首页',
      '财务管理',
      '经营管理',
      '工作流',
    ]);
    expect(res.body.result.auth[0].action).toBe('user:bss');
  });
});

describe('seeded menu entries', () => {
  it('each have an icon the side menu draws', async () => {
    const rows = await server.ctx.db
      .selectFrom('sys_permission')
      .select(['name', 'url', 'icon'])
      .where('menu_type', 'in', [0, 1])
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    const known = new Set<string>(MENU_ICON_NAMES);
    expect(rows.filter((r) => !r.icon || !known.has(r.icon)).map((r) => `${r.name} ${r.url} ${r.icon}`)).toEqual([]);
  });
});

describe('dashboard figures', () => {
  it('counts successful sign-ins in /sys/loginfo and /sys/visitInfo', async () => {
    const token = await login(server, 'admin');
    const info = await client(server, token).get('/sys/loginfo');
    expect(info.body.result.totalVisitCount).toBeGreaterThanOrEqual(3);
    expect(info.body.result.todayVisitCount).toBeGreaterThanOrEqual(3);
    expect(info.body.result.todayIp).toBeGreaterThanOrEqual(1);
    const visits = await client(server, token).get('/sys/visitInfo');
    expect(visits.body.result).toHaveLength(7);
    expect(visits.body.result[6].visit).toBeGreaterThanOrEqual(3);
    expect(visits.body.result[6].type).toMatch(/^\d{2}-\d{2}$/);
  });
});

describe('frozen accounts and department choice', () => {
  it('tells a frozen account only to someone who knows its password', async () => {
    await server.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'zhaomin').execute();
    const wrong = await client(server).post('/sys/login', { username: 'zhaomin', password: 'bad-guess-1' });
    expect(wrong.body.message).toBe('用户名或密码错误');
    const right = await client(server).post('/sys/login', { username: 'zhaomin', password: ADMIN_PASSWORD });
    expect(right.body).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('lets a user of several departments pick one of them, and only those', async () => {
    const multi = await server.ctx.db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
      .select('u.username')
      .where('u.status', '=', 1)
      .groupBy('u.username')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .executeTakeFirstOrThrow();
    const res = await client(server).post('/sys/login', { username: multi.username, password: ADMIN_PASSWORD });
    expect(res.body.result.multi_depart).toBe(2);
    const c = client(server, res.body.result.token);
    const departs = await c.get('/sys/user/getCurrentUserDeparts');
    expect(departs.body.result.list.length).toBeGreaterThan(1);
    const other = departs.body.result.list.find((d: any) => d.orgCode !== departs.body.result.orgCode);
    const chosen = await c.put('/sys/selectDepart', { orgCode: other.orgCode, username: multi.username });
    expect(chosen.body.result.userInfo.orgCode).toBe(other.orgCode);
    expect(chosen.body.result.userInfo.departName).toBe(other.departName);
    expect((await c.get('/sys/user/getCurrentUserDeparts')).body.result.orgCode).toBe(other.orgCode);
    const foreign = await c.put('/sys/selectDepart', { orgCode: 'A01A99' });
    expect(foreign.body).toMatchObject({ success: false, message: '您不属于该部门，不能切换' });
    const forOther = await c.put('/sys/selectDepart', { orgCode: other.orgCode, username: 'admin' });
    expect(forOther.body.success).toBe(false);
  });
});
