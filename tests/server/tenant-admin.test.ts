import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { client, login, startTestServer } from './harness.js';
import { createUser, USER_PASSWORD } from './sys-admin-helpers.js';
import type { StartedServer } from '../../src/server/start.js';

// Departments and roles are tenant-aware (docs/architecture.md "Wire policy"): a role or a
// department made under tenant A is seen and changed only under A; no tenant = tenant 0, which
// keeps the seeded (tenant 0) departments and roles. A user of some tenants never works in
// tenant 0 (without a header: the first of theirs), so "no tenant" is an administrator who
// belongs to no tenant.

const A = '1000';
const B = '1001';
const NONE = '0';

let server: StartedServer;
let token: string;
let noneToken: string; // an administrator of no tenant (the admin's roles)

beforeAll(async () => {
  server = await startTestServer();
  const roles = await server.ctx.db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select('ur.role_id')
    .where('u.username', '=', 'admin')
    .execute();
  await createUser(client(server, await login(server, 'admin')), 'admin_none', { roles: roles.map((r) => r.role_id) });
  noneToken = await login(server, 'admin_none', USER_PASSWORD);
  // the seeded tenants 1000 and 1001; admin belongs to both
  await server.ctx.db
    .updateTable('sys_user')
    .set({ rel_tenant_ids: `${A},${B}` })
    .where('username', '=', 'admin')
    .execute();
  server.ctx.perms.invalidate(); // admin's tenants were read (none) when it made admin_none
  token = await login(server, 'admin');
});
afterAll(async () => server?.close());

/** The admin's calls with a `tenant-id` header (NONE: the administrator of no tenant). */
const as = (tenant: string) => {
  const c = client(server, tenant === NONE ? noneToken : token);
  const headers = { 'tenant-id': tenant };
  return {
    get: (url: string, query?: Record<string, string | number>) => c.raw('GET', url, { query, headers }),
    post: (url: string, body: unknown) => c.raw('POST', url, { body, headers }),
    put: (url: string, body: unknown) => c.raw('PUT', url, { body, headers }),
    del: (url: string, query: Record<string, string>) => c.raw('DELETE', url, { query, headers }),
  };
};

type Node = { id: string; title: string; children?: Node[] };
/** A permission the admin holds (the 角色管理 menu), to give the tenant's role and department. */
const menuId = async () =>
  (await server.ctx.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem/role').executeTakeFirstOrThrow()).id;
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('roles of a tenant', () => {
  const code = 'tenant_a_auditor';
  const roleRow = () =>
    server.ctx.db.selectFrom('sys_role').select(['id', 'role_name', 'tenant_id']).where('role_code', '=', code).executeTakeFirst();
  const listCodes = async (tenant: string) =>
    ((await as(tenant).get('/sys/role/list', { pageSize: 200 })).body.result.records as { roleCode: string }[]).map((r) => r.roleCode);

  it('are written with the request’s tenant and listed only under it', async () => {
    expect((await as(A).post('/sys/role/add', { roleName: '甲审计员', roleCode: code })).body.success).toBe(true);
    expect(await roleRow()).toMatchObject({ role_name: '甲审计员', tenant_id: 1000 });
    expect(await listCodes(A)).toEqual([code]);
    expect(await listCodes(B)).not.toContain(code);
    const none = await listCodes(NONE);
    expect(none).not.toContain(code);
    // no tenant sees the seeded roles (tenant 0) as before
    const seeded = await server.ctx.db
      .selectFrom('sys_role')
      .select('role_code')
      .where(sql<boolean>`coalesce(tenant_id, 0) = 0`)
      .execute();
    expect(none.sort()).toEqual(seeded.map((r) => r.role_code).sort());
    expect(none).toContain('admin');
    // admin belongs to A and B: without a header it works in the first of them, never in tenant 0
    const noHeader = await client(server, token).get('/sys/role/list', { pageSize: 200 });
    expect((noHeader.body.result.records as { roleCode: string }[]).map((r) => r.roleCode).sort()).toEqual([code]);
  });

  it('appear in queryall and the role picker only under their tenant', async () => {
    const codes = async (tenant: string, url: string) => {
      const res = await as(tenant).get(url, { pageSize: 100 });
      const list = (Array.isArray(res.body.result) ? res.body.result : res.body.result.records) as { roleCode: string }[];
      return list.map((r) => r.roleCode);
    };
    expect(await codes(A, '/sys/role/queryall')).toEqual([code]);
    expect(await codes(B, '/sys/role/queryall')).toEqual([]);
    expect(await codes(NONE, '/sys/role/queryall')).toContain('admin');
    expect(await codes(NONE, '/sys/role/queryall')).not.toContain(code);
    expect(await codes(A, '/sys/role/pickerList')).toEqual([code]);
    expect(await codes(B, '/sys/role/pickerList')).not.toContain(code);
    expect(await codes(NONE, '/sys/role/pickerList')).not.toContain(code);
  });

  it('cannot be read, edited, granted or deleted under another tenant or none', async () => {
    const id = (await roleRow())!.id;
    const pid = await menuId();
    expect((await as(A).post('/sys/permission/saveRolePermission', { roleId: id, permissionIds: pid })).body.success).toBe(true);
    for (const t of [B, NONE]) {
      expect((await as(t).get('/sys/role/queryById', { id })).body.success).toBe(false);
      const edit = await as(t).put('/sys/role/edit', { id, roleName: '改掉' });
      expect(edit.body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await as(t).get('/sys/permission/queryRolePermission', { roleId: id })).body.result).toEqual([]);
      const grant = await as(t).post('/sys/permission/saveRolePermission', { roleId: id, permissionIds: '' });
      expect(grant.body).toMatchObject({ success: false, message: '角色不存在' });
      await as(t).del('/sys/role/delete', { id });
      await as(t).del('/sys/role/deleteBatch', { ids: id });
    }
    expect(await roleRow()).toMatchObject({ role_name: '甲审计员', tenant_id: 1000 });
    expect((await as(A).get('/sys/permission/queryRolePermission', { roleId: id })).body.result).toEqual([pid]);
    expect((await as(A).get('/sys/role/queryById', { id })).body.result).toMatchObject({ roleCode: code, roleName: '甲审计员' });
    expect((await as(A).put('/sys/role/edit', { id, roleName: '甲审计' })).body.success).toBe(true);
    expect(await roleRow()).toMatchObject({ role_name: '甲审计', tenant_id: 1000 });
    expect((await as(A).del('/sys/role/delete', { id })).body.success).toBe(true);
    expect(await roleRow()).toBeUndefined();
  });
});

describe('departments of a tenant', () => {
  const departRow = (name: string) =>
    server.ctx.db
      .selectFrom('sys_depart')
      .select(['id', 'parent_id', 'depart_name', 'tenant_id'])
      .where('depart_name', '=', name)
      .executeTakeFirst();
  const treeTitles = async (tenant: string, url = '/sys/sysDepart/queryTreeList') =>
    flat((await as(tenant).get(url)).body.result as Node[]).map((n) => n.title);
  let rootId = '';
  let childId = '';

  it('are written with the request’s tenant; a parent comes only from the same tenant', async () => {
    const root = await as(A).post('/sys/sysDepart/add', { departName: '甲租户总部', orgCategory: '1' });
    expect(root.body.success).toBe(true);
    rootId = (await departRow('甲租户总部'))!.id;
    const child = await as(A).post('/sys/sysDepart/add', { departName: '甲租户财务部', parentId: rootId });
    expect(child.body.success).toBe(true);
    childId = (await departRow('甲租户财务部'))!.id;
    expect(await departRow('甲租户财务部')).toMatchObject({ parent_id: rootId, tenant_id: 1000 });
    expect(await departRow('甲租户总部')).toMatchObject({ tenant_id: 1000 });
    for (const t of [B, NONE]) {
      const stray = await as(t).post('/sys/sysDepart/add', { departName: '越界部门', parentId: rootId });
      expect(stray.body).toMatchObject({ success: false, message: '上级部门不存在' });
    }
    expect(await departRow('越界部门')).toBeUndefined();
  });

  it('appear in every tree only under their tenant; no tenant sees the seeded tree as before', async () => {
    for (const url of ['/sys/sysDepart/queryTreeList', '/sys/sysDepart/queryIdTree']) {
      expect((await treeTitles(A, url)).sort()).toEqual(['甲租户总部', '甲租户财务部'].sort());
      expect(await treeTitles(B, url)).toEqual([]);
      expect(await treeTitles(NONE, url)).not.toContain('甲租户总部');
    }
    const seeded = await server.ctx.db
      .selectFrom('sys_depart')
      .select('depart_name')
      .where('del_flag', '=', '0')
      .where(sql<boolean>`coalesce(tenant_id, 0) = 0`)
      .execute();
    expect((await treeTitles(NONE)).sort()).toEqual(seeded.map((r) => r.depart_name).sort());
    const roots = async (t: string) => ((await as(t).get('/sys/sysDepart/queryDepartTreeSync')).body.result as Node[]).map((n) => n.title);
    expect(await roots(A)).toEqual(['甲租户总部']);
    expect(await roots(NONE)).not.toContain('甲租户总部');
    const level = await as(A).get('/sys/sysDepart/queryDepartTreeSync', { pid: rootId });
    expect((level.body.result as Node[]).map((n) => n.title)).toEqual(['甲租户财务部']);
    expect((await as(B).get('/sys/sysDepart/queryDepartTreeSync', { pid: rootId })).body.result).toEqual([]);
    const search = async (t: string) => ((await as(t).get('/sys/sysDepart/searchBy', { keyWord: '甲租户' })).body.result as Node[]).length;
    expect(await search(A)).toBe(2);
    expect(await search(B)).toBe(0);
    expect(await search(NONE)).toBe(0);
  });

  it('cannot be read, edited, granted or deleted under another tenant or none', async () => {
    const pid = await menuId();
    expect((await as(A).post('/sys/permission/saveDepartPermission', { departId: childId, permissionIds: pid })).body.success).toBe(true);
    expect((await as(A).get('/sys/permission/queryDepartPermission', { departId: childId })).body.result).toEqual([pid]);
    for (const t of [B, NONE]) {
      expect((await as(t).get('/sys/sysDepart/queryById', { id: rootId })).body).toMatchObject({
        success: false,
        message: '未找到对应数据',
      });
      const edit = await as(t).put('/sys/sysDepart/edit', { id: childId, departName: '改掉' });
      expect(edit.body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await as(t).get('/sys/permission/queryDepartPermission', { departId: childId })).body.result).toEqual([]);
      const grant = await as(t).post('/sys/permission/saveDepartPermission', { departId: childId, permissionIds: '' });
      expect(grant.body.success).toBe(false);
      expect((await as(t).del('/sys/sysDepart/delete', { id: childId })).body.success).toBe(false);
      expect((await as(t).del('/sys/sysDepart/deleteBatch', { ids: `${childId},${rootId}` })).body.success).toBe(false);
    }
    expect(await departRow('甲租户财务部')).toMatchObject({ depart_name: '甲租户财务部', tenant_id: 1000 });
    expect(await departRow('甲租户总部')).toBeTruthy();
    expect((await as(A).get('/sys/sysDepart/queryById', { id: childId })).body.result).toMatchObject({ departName: '甲租户财务部' });
    expect((await as(A).put('/sys/sysDepart/edit', { id: childId, departName: '甲租户财务中心' })).body.success).toBe(true);
    expect(await departRow('甲租户财务中心')).toMatchObject({ id: childId, tenant_id: 1000 });
  });

  it('keep their department roles within the tenant', async () => {
    const add = await as(A).post('/sys/sysDepartRole/add', { departId: childId, roleName: '甲出纳', roleCode: 'cashier' });
    expect(add.body.success).toBe(true);
    const roleId = String(add.body.result);
    const pid = await menuId();
    const granted = await as(A).post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: pid });
    expect(granted.body.success).toBe(true);
    expect((await as(A).get('/sys/sysDepartPermission/queryDeptRolePermission', { roleId })).body.result).toEqual([pid]);
    expect((await as(A).get('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: childId })).body.result.ids).toEqual([pid]);
    const listed = async (t: string) =>
      ((await as(t).get('/sys/sysDepartRole/list', { deptId: childId })).body.result.records as { roleName: string }[]).map(
        (r) => r.roleName,
      );
    expect(await listed(A)).toEqual(['甲出纳']);
    for (const t of [B, NONE]) {
      expect(await listed(t)).toEqual([]);
      expect((await as(t).get('/sys/sysDepartRole/getDeptRoleList', { departId: childId })).body.result).toEqual([]);
      const stray = await as(t).post('/sys/sysDepartRole/add', { departId: childId, roleName: '越界', roleCode: 'stray' });
      expect(stray.body).toMatchObject({ success: false, message: '请选择部门' });
      const edit = await as(t).put('/sys/sysDepartRole/edit', { id: roleId, roleName: '改掉', roleCode: 'cashier' });
      expect(edit.body).toMatchObject({ success: false, message: '部门角色不存在' });
      expect((await as(t).get('/sys/sysDepartPermission/queryDeptRolePermission', { roleId })).body.result).toEqual([]);
      const grant = await as(t).post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: '' });
      expect(grant.body).toMatchObject({ success: false, message: '部门角色不存在' });
      expect((await as(t).get('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: childId })).body.result.ids).toEqual([]);
      expect((await as(t).del('/sys/sysDepartRole/delete', { id: roleId })).body).toMatchObject({
        success: false,
        message: '部门角色不存在',
      });
    }
    const stored = await server.ctx.db.selectFrom('sys_depart_role').select(['role_name', 'depart_id']).where('id', '=', roleId).execute();
    expect(stored).toEqual([{ role_name: '甲出纳', depart_id: childId }]);
  });

  it('are deleted under their own tenant', async () => {
    expect((await as(A).del('/sys/sysDepart/deleteBatch', { ids: `${childId},${rootId}` })).body.success).toBe(true);
    expect(await departRow('甲租户总部')).toBeUndefined();
    expect(await departRow('甲租户财务中心')).toBeUndefined();
    expect(await server.ctx.db.selectFrom('sys_depart_role').select('id').where('depart_id', '=', childId).execute()).toEqual([]);
  });
});

describe('members of a tenant’s role or department', () => {
  let roleId = '';
  let departId = '';
  let userId = '';

  beforeAll(async () => {
    expect((await as(A).post('/sys/role/add', { roleName: '甲出纳员', roleCode: 'tenant_a_cashier' })).body.success).toBe(true);
    roleId = (await server.ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', 'tenant_a_cashier').executeTakeFirstOrThrow())
      .id;
    expect((await as(A).post('/sys/sysDepart/add', { departName: '甲租户仓库', orgCategory: '1' })).body.success).toBe(true);
    departId = (await server.ctx.db.selectFrom('sys_depart').select('id').where('depart_name', '=', '甲租户仓库').executeTakeFirstOrThrow())
      .id;
    userId = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'zhaomin').executeTakeFirstOrThrow()).id;
  });

  const userRoles = async () =>
    (await server.ctx.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
  const userDeparts = async () =>
    (await server.ctx.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute()).map((r) => r.dep_id);

  it('are neither listed nor changed under another tenant or none', async () => {
    const before = { roles: await userRoles(), departs: await userDeparts() };
    for (const t of [B, NONE]) {
      const add = await as(t).post('/sys/user/addSysUserRole', { roleId, userIdList: [userId] });
      expect(add.body).toMatchObject({ success: false, message: '角色不存在' });
      const join = await as(t).post('/sys/user/editSysDepartWithUser', { depId: departId, userIdList: [userId] });
      expect(join.body).toMatchObject({ success: false, message: `部门不存在：${departId}` });
      const edit = await as(t).put('/sys/user/edit', {
        id: userId,
        selectedroles: [...before.roles, roleId].join(','),
        selecteddeparts: [...before.departs, departId].join(','),
      });
      expect(edit.body.success).toBe(false);
      // under B the user (of no tenant) is not even visible to B's user administrator
      expect(edit.body.message).toMatch(t === B ? /^未找到对应数据$/ : /^(角色|部门)不存在：/);
    }
    expect((await userRoles()).sort()).toEqual([...before.roles].sort());
    expect((await userDeparts()).sort()).toEqual([...before.departs].sort());
  });

  it('are added, listed and removed under their own tenant; other tenants see no members', async () => {
    expect((await as(A).post('/sys/user/addSysUserRole', { roleId, userIdList: [userId] })).body.success).toBe(true);
    expect((await as(A).post('/sys/user/editSysDepartWithUser', { depId: departId, userIdList: [userId] })).body.success).toBe(true);
    const members = async (t: string, url: string, query: Record<string, string>) =>
      ((await as(t).get(url, query)).body.result.records as { username: string }[]).map((r) => r.username);
    expect(await members(A, '/sys/user/userRoleList', { roleId })).toEqual(['zhaomin']);
    expect(await members(A, '/sys/user/departUserList', { depId: departId })).toEqual(['zhaomin']);
    const picked = async (t: string) =>
      ((await as(t).get('/sys/user/queryUserByDepId', { id: departId })).body.result as { username: string }[]).map((r) => r.username);
    expect(await picked(A)).toEqual(['zhaomin']);
    for (const t of [B, NONE]) {
      expect(await members(t, '/sys/user/userRoleList', { roleId })).toEqual([]);
      expect(await members(t, '/sys/user/departUserList', { depId: departId })).toEqual([]);
      expect(await picked(t)).toEqual([]);
      expect((await as(t).del('/sys/user/deleteUserRole', { roleId, userId })).body.success).toBe(false);
      expect((await as(t).del('/sys/user/deleteUserInDepart', { depId: departId, userId })).body.success).toBe(false);
    }
    expect(await userRoles()).toContain(roleId);
    expect(await userDeparts()).toContain(departId);
    // the user form under no tenant keeps the tenant's role and department the user already has
    const kept = await as(NONE).put('/sys/user/edit', {
      id: userId,
      selectedroles: (await userRoles()).join(','),
      selecteddeparts: (await userDeparts()).join(','),
    });
    expect(kept.body.success).toBe(true);
    expect((await as(A).del('/sys/user/deleteUserRole', { roleId, userId })).body.success).toBe(true);
    expect((await as(A).del('/sys/user/deleteUserInDepart', { depId: departId, userId })).body.success).toBe(true);
    expect(await userRoles()).not.toContain(roleId);
    expect(await userDeparts()).not.toContain(departId);
  });
});
