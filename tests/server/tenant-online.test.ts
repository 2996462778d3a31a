import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, client, login, startTestServer } from './harness.js';
import { grantRole } from './ops-helpers.js';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';
import path from 'node:path';

// Online users and tenants (api-contract §1.5, §4.5 /sys/online, /sys/tenant).

const CHANGED = '用户租户信息变更,请重新登陆!';

let server: StartedServer;
let admin: ReturnType<typeof client>;
// an administrator of no tenant (the admin's roles): a user of some tenants never works in tenant 0
let adminNone: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ schemasDirs: [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas-ops')] });
  // the seeded tenants 1000 and 1001; admin belongs to both
  await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1000,1001' }).where('username', '=', 'admin').execute();
  admin = client(server, await login(server, 'admin'));
  // the administrator of no tenant: a seeded user of no tenant given admin's roles
  const roles = await server.ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select('ur.role_id')
    .where('u.username', '=', 'admin')
    .execute();
  const none = await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'oa_demo').executeTakeFirstOrThrow();
  await server.ctx.db
    .insertInto('sys_user_role')
    .values(roles.map((r) => ({ id: `none_${r.role_id}`, user_id: none.id, role_id: r.role_id })))
    .execute();
  adminNone = client(server, await login(server, 'oa_demo'));
});
afterAll(async () => server?.close());

const withTenant = (token: string, tenant: string) => (url: string) =>
  client(server, token).raw('GET', url, { headers: { 'tenant-id': tenant } });
const tenantCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('sys_tenant')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('online users', () => {
  it('lists the active sessions with user fields, marking the caller’s own', async () => {
    const staffToken = await login(server, 'zhaomin');
    const res = await admin.get('/sys/online/list', { pageNo: 1, pageSize: 50 });
    expect(res.body.success).toBe(true);
    const records = res.body.result.records as { username: string; realname: string; token: string; current: boolean; loginTime: string }[];
    expect(records.find((r) => r.username === 'zhaomin')).toMatchObject({ realname: '赵敏', current: false });
    expect(records.find((r) => r.current)?.username).toBe('admin');
    expect(JSON.stringify(res.body)).not.toContain(staffToken);
    const filtered = await admin.get('/sys/online/list', { username: '赵' });
    expect((filtered.body.result.records as { username: string }[]).map((r) => r.username)).toEqual(['zhaomin']);
  });

  it('force logout ends that session at once: its next request gets 401', async () => {
    const token = await login(server, 'wuting');
    const victim = client(server, token);
    expect((await victim.get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    const list = await admin.get('/sys/online/list', { username: 'wuting' });
    const session = (list.body.result.records as { token: string }[])[0];
    const res = await admin.post('/sys/online/forceLogout', { token: session.token });
    expect(res.body).toMatchObject({ success: true, message: '退出登录成功！' });
    const next = await victim.get('/sys/permission/getUserPermissionByToken');
    expect(next.status).toBe(401);
    expect(next.body.message).toContain('Token失效');
    const log = await server.ctx.db
      .selectFrom('sys_log')
      .select('log_content')
      .where('log_content', '=', '强制: 吴婷退出成功！')
      .executeTakeFirst();
    expect(log).toBeTruthy();
  });

  it('also takes the access token itself, as a JeecgBoot client sends it', async () => {
    const token = await login(server, 'songjia');
    expect((await admin.post('/sys/online/forceLogout', { token })).body.success).toBe(true);
    expect((await client(server, token).get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
  });

  it('answers clear messages for a missing or unknown session', async () => {
    expect((await admin.post('/sys/online/forceLogout', {})).body).toMatchObject({ success: false, message: '退出登录失败！' });
    expect((await admin.post('/sys/online/forceLogout', { token: 'no-such-session' })).body).toMatchObject({
      success: false,
      message: 'Token无效!',
    });
  });

  it('refuses users without the menu or the button (403) and keeps the session', async () => {
    const token = await login(server, 'hexue');
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/online/list')).status).toBe(403);
    const sessions = await server.ctx.db.selectFrom('sys_user_token').select('id').where('username', '=', 'hexue').execute();
    expect((await staff.post('/sys/online/forceLogout', { token: sessions[0].id })).status).toBe(403);
    await grantRole(server, 'lina', ['/isystem/online']);
    const reader = client(server, await login(server, 'lina'));
    expect((await reader.get('/sys/online/list')).body.success).toBe(true);
    expect((await reader.post('/sys/online/forceLogout', { token: sessions[0].id })).status).toBe(403);
    expect((await client(server, token).get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
  });
});

describe('the tenant-id header', () => {
  it('accepts none, 0 and the user’s own tenants', async () => {
    const token = admin.token!;
    expect((await withTenant(token, '0')('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    expect((await withTenant(token, '')('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    expect((await withTenant(token, '1000')('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    expect((await withTenant(token, '1001')('/sys/tenant/getCurrentUserTenant')).body.result.list).toHaveLength(2);
  });

  it('refuses a tenant the user does not belong to with 401 用户租户信息变更,请重新登陆!', async () => {
    const foreign = await withTenant(admin.token!, '1002')('/sys/permission/getUserPermissionByToken');
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ success: false, code: 401, message: CHANGED });
    expect((await withTenant(admin.token!, 'abc')('/sys/permission/getUserPermissionByToken')).status).toBe(401);
    const staffToken = await login(server, 'zhoujie');
    const staff = await withTenant(staffToken, '1000')('/sys/permission/getUserPermissionByToken');
    expect(staff.status).toBe(401);
    expect(staff.body.message).toBe(CHANGED);
    // nothing is written under a refused tenant
    const before = await tenantCount();
    const write = await client(server, admin.token!).raw('POST', '/sys/tenant/add', {
      body: { name: '越权租户' },
      headers: { 'tenant-id': '1002' },
    });
    expect(write.status).toBe(401);
    expect(await tenantCount()).toBe(before);
  });

  it('refuses a frozen tenant at once', async () => {
    expect((await admin.put('/sys/tenant/edit', { id: '1001', status: '0' })).body.success).toBe(true);
    expect((await withTenant(admin.token!, '1001')('/sys/permission/getUserPermissionByToken')).status).toBe(401);
    expect((await admin.put('/sys/tenant/edit', { id: '1001', status: '1' })).body.success).toBe(true);
    expect((await withTenant(admin.token!, '1001')('/sys/permission/getUserPermissionByToken')).status).toBe(200);
  });
});

describe('tenant CRUD', () => {
  it('adds tenants with the given or the next free integer id, lists, reads and edits them', async () => {
    const auto = await admin.post('/sys/tenant/add', {
      name: '西南分公司',
      beginDate: '2026-11-01 00:00:00',
      endDate: '2027-10-31 23:59:59',
    });
    expect(auto.body).toMatchObject({ success: true, result: '1002' });
    const given = await admin.post('/sys/tenant/add', { id: 2000, name: '华北分公司', status: '1' });
    expect(given.body.result).toBe('2000');
    const list = await admin.get('/sys/tenant/list', { pageNo: 1, pageSize: 10 });
    expect((list.body.result.records as { id: number }[]).map((r) => r.id)).toEqual([1000, 1001, 1002, 2000]);
    expect((await admin.put('/sys/tenant/edit', { id: '2000', name: '华北分公司（筹）' })).body.success).toBe(true);
    const one = await admin.get('/sys/tenant/queryById', { id: '2000' });
    expect(one.body.result).toMatchObject({ id: 2000, name: '华北分公司（筹）', status: 1 });
    const picked = await admin.get('/sys/tenant/queryList', { ids: '1000,2000' });
    expect((picked.body.result as { id: number; name: string }[]).map((t) => t.id)).toEqual([1000, 2000]);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const before = await tenantCount();
    expect((await admin.post('/sys/tenant/add', { name: '' })).body).toMatchObject({ success: false, message: '请输入租户名称' });
    expect((await admin.post('/sys/tenant/add', { id: 2000, name: '重复' })).body).toMatchObject({
      success: false,
      message: '租户编号 2000 已存在',
    });
    expect((await admin.post('/sys/tenant/add', { id: 'x1', name: '坏编号' })).body.message).toBe('租户编号必须是 1–2147483647 之间的整数');
    const dates = await admin.post('/sys/tenant/add', { name: '日期倒挂', beginDate: '2027-01-01', endDate: '2026-01-01' });
    expect(dates.body).toMatchObject({ success: false, message: '结束时间不能早于开始时间' });
    expect(await tenantCount()).toBe(before);
  });

  it('deletes an unused tenant but not one users still belong to', async () => {
    const inUse = await admin.del('/sys/tenant/delete', { id: '1000' });
    expect(inUse.body.success).toBe(false);
    expect(inUse.body.message).toContain('下仍有用户');
    expect((await admin.del('/sys/tenant/delete', { id: '1002' })).body.success).toBe(true);
    expect(await server.ctx.db.selectFrom('sys_tenant').select('id').where('id', '=', 1002).executeTakeFirst()).toBeUndefined();
  });

  it('gives a user without tenants an empty current-tenant answer', async () => {
    const staff = client(server, await login(server, 'zhoujie'));
    expect((await staff.get('/sys/tenant/getCurrentUserTenant')).body).toMatchObject({ success: true, result: {} });
  });

  it('refuses tenant management to a user without the menu (403) and writes nothing', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/tenant/list')).status).toBe(403);
    const before = await tenantCount();
    expect((await staff.post('/sys/tenant/add', { name: '越权租户' })).status).toBe(403);
    expect((await staff.put('/sys/tenant/edit', { id: '2000', name: '越权' })).status).toBe(403);
    expect(await tenantCount()).toBe(before);
    const t = await server.ctx.db.selectFrom('sys_tenant').select('name').where('id', '=', 2000).executeTakeFirstOrThrow();
    expect(t.name).toBe('华北分公司（筹）');
  });
});

describe('tenant isolation of business rows', () => {
  // tenant 0 is the administrator of no tenant's: admin (of 1000 and 1001) would work in 1000
  const tokenOf = (tenant: string) => (tenant === '0' ? adminNone.token! : admin.token!);
  const as = (tenant: string) => ({
    add: (title: string) =>
      client(server, tokenOf(tenant)).raw('POST', '/online/cgform/api/form/tst_tenant_note', {
        body: { title },
        headers: { 'tenant-id': tenant },
      }),
    list: () =>
      client(server, tokenOf(tenant)).raw('GET', '/online/cgform/api/getData/tst_tenant_note', {
        query: { pageSize: 50 },
        headers: { 'tenant-id': tenant },
      }),
    get: (id: string) =>
      client(server, tokenOf(tenant)).raw('GET', `/online/cgform/api/form/tst_tenant_note/${id}`, { headers: { 'tenant-id': tenant } }),
    edit: (id: string, title: string) =>
      client(server, tokenOf(tenant)).raw('PUT', '/online/cgform/api/form/tst_tenant_note', {
        body: { id, title },
        headers: { 'tenant-id': tenant },
      }),
    del: (id: string) =>
      client(server, tokenOf(tenant)).raw('DELETE', `/online/cgform/api/form/tst_tenant_note/${id}`, { headers: { 'tenant-id': tenant } }),
  });
  const titles = async (tenant: string) =>
    ((await as(tenant).list()).body.result.records as { title: string }[]).map((r) => r.title).sort();

  it('writes each row with the request’s tenant and lists only that tenant’s rows', async () => {
    expect((await as('1000').add('总部便签')).body.success).toBe(true);
    expect((await as('1001').add('华东便签')).body.success).toBe(true);
    expect((await as('0').add('无租户便签')).body.success).toBe(true);
    expect(await titles('1000')).toEqual(['总部便签']);
    expect(await titles('1001')).toEqual(['华东便签']);
    expect(await titles('0')).toEqual(['无租户便签']);
    const stored = await server.ctx.db
      .selectFrom('tst_tenant_note' as never)
      .select(['title' as never, 'tenant_id' as never])
      .orderBy('tenant_id' as never)
      .execute();
    expect(stored).toEqual([
      { title: '无租户便签', tenant_id: 0 },
      { title: '总部便签', tenant_id: 1000 },
      { title: '华东便签', tenant_id: 1001 },
    ]);
  });

  it('cannot read, edit or delete another tenant’s row by its id', async () => {
    const own = (await as('1000').list()).body.result.records[0] as { id: string };
    expect((await as('1001').get(own.id)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await as('1001').edit(own.id, '改掉')).body.success).toBe(false);
    await as('1001').del(own.id);
    expect((await as('1000').get(own.id)).body.result).toMatchObject({ title: '总部便签' });
  });
});

describe('tenants of a user', () => {
  it('are set by an admin through the user form (relTenantIds); the login then lists them to pick from', async () => {
    const target = await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'wms_demo').executeTakeFirstOrThrow();
    // an administrator of no tenant sees every user (admin, working in 1000, sees only 1000's)
    expect((await adminNone.put('/sys/user/edit', { id: target.id, relTenantIds: '1000,1001' })).body.success).toBe(true);
    const stored = await server.ctx.db
      .selectFrom('sys_user')
      .select('rel_tenant_ids')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored.rel_tenant_ids).toBe('1000,1001');
    expect((await adminNone.get('/sys/user/queryById', { id: target.id })).body.result.relTenantIds).toBe('1000,1001');
    const signed = await client(server).post('/sys/login', { username: 'wms_demo', password: ADMIN_PASSWORD });
    expect((signed.body.result.tenantList as { id: number }[]).map((t) => t.id).sort()).toEqual([1000, 1001]);
  });
});
