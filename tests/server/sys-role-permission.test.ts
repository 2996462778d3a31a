import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';
import { USER_PASSWORD, count, createRole, createUser, permId, permIds, roleId, signedIn, type Client } from './sys-admin-helpers.js';

// Roles, the permission tree, data rules, and the rules that
// nobody grants what they do not hold or changes their own roles.
let server: StartedServer;
let admin: Client;
const bankMenu = '/online/cgformList/fin_bank_account';

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
}, 120_000);
afterAll(async () => server?.close());

describe('roles and the permission tree', () => {
  it('serves the authorisation tree and a role’s permission ids', async () => {
    const tree = await admin.get('/sys/permission/queryTreeList');
    expect(tree.body.success).toBe(true);
    const system = tree.body.result.treeList.find((n: { title: string }) => n.title === '系统管理');
    expect(system.children.map((c: { title: string }) => c.title)).toEqual(
      expect.arrayContaining(['用户管理', '角色管理', '菜单管理', '部门管理']),
    );
    const users = system.children.find((c: { title: string }) => c.title === '用户管理');
    expect(users.children.map((b: { perms: string }) => b.perms)).toEqual(
      expect.arrayContaining(['system:user:add', 'system:user:frozen']),
    );
    expect(tree.body.result.ids.length).toBeGreaterThan(50);
    const same = await admin.get('/sys/role/queryTreeList');
    expect(same.body.result.ids).toEqual(tree.body.result.ids);
    const finance = await admin.get('/sys/permission/queryRolePermission', { roleId: await roleId(server, 'finance') });
    expect(finance.body.result).toContain(await permId(server, bankMenu));
  });

  it('adds a role through the generic engine, checks its code, and lists all roles for pickers', async () => {
    const id = await createRole(admin, 'auditor', '审计员');
    expect(id).toMatch(/^\d+$/);
    const taken = await admin.get('/sys/role/checkRoleCode', { roleCode: 'auditor' });
    expect(taken.body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await admin.get('/sys/role/checkRoleCode', { roleCode: 'auditor', id })).body.success).toBe(true);
    const bad = await admin.post('/sys/role/add', { roleCode: '1bad code', roleName: 'x' });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('角色编码只能由字母、数字、下划线组成');
    expect(await count(server, 'sys_role', 'role_name', 'x')).toBe(0);
    const all = await client(server, await login(server, 'wangfang')).get('/sys/role/queryall');
    expect(all.body.result.find((r: { roleCode: string }) => r.roleCode === 'auditor')).toEqual({
      id,
      roleName: '审计员',
      roleCode: 'auditor',
    });
  });

  it('grants menus and buttons to a role and its user sees exactly those', async () => {
    const role = await createRole(admin, 'bank_viewer', '银行账户查看');
    const ids = await permIds(server, ['/dashboard/analysis', '/finance', bankMenu, 'fin:bank_account:export']);
    const saved = await admin.post('/sys/permission/saveRolePermission', {
      roleId: role,
      permissionIds: ids.join(','),
      lastpermissionIds: '',
    });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await admin.get('/sys/permission/queryRolePermission', { roleId: role })).body.result.sort()).toEqual([...ids].sort());
    await createUser(admin, 'viewer01', { roles: [role] });
    const viewer = await signedIn(server, 'viewer01', USER_PASSWORD);
    const perm = await viewer.get('/sys/permission/getUserPermissionByToken');
    const names = perm.body.result.menu
      .filter((m: { hidden?: boolean }) => !m.hidden)
      .map((m: { meta: { title: string }; children?: { meta: { title: string } }[] }) => [
        m.meta.title,
        (m.children ?? []).map((c) => c.meta.title),
      ]);
    expect(names).toEqual([
      ['首页', []],
      ['财务管理', ['银行账户']],
    ]);
    expect(perm.body.result.auth.map((a: { action: string }) => a.action)).toEqual(['fin:bank_account:export']);
    // the server enforces it: the list reads, an add is refused
    expect((await viewer.get(`/online/cgform/api/getData/fin_bank_account`)).body.success).toBe(true);
    expect((await viewer.post('/online/cgform/api/form/fin_bank_account', { accountName: 'x' })).status).toBe(403);
  });

  it('refuses a caller without the authorise button (403) and writes nothing', async () => {
    const finance = await roleId(server, 'finance');
    const before = await count(server, 'sys_role_permission', 'role_id', finance);
    const wangfang = await signedIn(server, 'wangfang');
    const res = await wangfang.post('/sys/permission/saveRolePermission', { roleId: finance, permissionIds: '' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 403 });
    expect(await count(server, 'sys_role_permission', 'role_id', finance)).toBe(before);
  });

  it('refuses unknown permission ids and unknown roles with a clear message', async () => {
    const role = await createRole(admin, 'empty_role');
    const res = await admin.post('/sys/permission/saveRolePermission', { roleId: role, permissionIds: 'no-such-id' });
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toContain('权限不存在');
    expect(await count(server, 'sys_role_permission', 'role_id', role)).toBe(0);
    const noRole = await admin.post('/sys/permission/saveRolePermission', { roleId: 'nope', permissionIds: '' });
    expect(noRole.body.message).toBe('角色不存在');
  });
});

describe('nobody grants what they do not hold or changes their own roles', () => {
  let delegate: Client;
  let delegateId: string;
  let target: string;

  beforeAll(async () => {
    // a role administrator who holds the role screen, its authorise button and the warehouse screens only
    const roleAdmin = await createRole(admin, 'role_admin', '角色管理员');
    const ids = await permIds(server, [
      '/dashboard/analysis',
      '/isystem',
      '/isystem/role',
      'system:role:authorize',
      'system:role:user',
      '/warehouse',
      '/online/cgformList/wms_vehicle',
      'wms:vehicle:add',
    ]);
    await admin.post('/sys/permission/saveRolePermission', { roleId: roleAdmin, permissionIds: ids.join(',') });
    delegateId = await createUser(admin, 'roleadm', { roles: [roleAdmin] });
    delegate = await signedIn(server, 'roleadm', USER_PASSWORD);
    target = await createRole(admin, 'target_role', '目标角色');
  });

  it('lets the delegate grant what it holds', async () => {
    const ids = await permIds(server, ['/warehouse', '/online/cgformList/wms_vehicle', 'wms:vehicle:add']);
    const res = await delegate.post('/sys/permission/saveRolePermission', { roleId: target, permissionIds: ids.join(',') });
    expect(res.body).toMatchObject({ success: true });
    expect(await count(server, 'sys_role_permission', 'role_id', target)).toBe(3);
  });

  it('refuses to grant a permission the delegate does not hold, writing nothing', async () => {
    const held = await permIds(server, ['/warehouse', '/online/cgformList/wms_vehicle', 'wms:vehicle:add']);
    const res = await delegate.post('/sys/permission/saveRolePermission', {
      roleId: target,
      permissionIds: [...held, await permId(server, bankMenu)].join(','),
    });
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toBe('不能授予或收回自己未拥有的权限：银行账户');
    expect(await count(server, 'sys_role_permission', 'role_id', target)).toBe(3);
  });

  it('refuses to revoke a permission the delegate does not hold', async () => {
    const finance = await roleId(server, 'finance');
    const res = await delegate.post('/sys/permission/saveRolePermission', { roleId: finance, permissionIds: '' });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('不能授予或收回自己未拥有的权限');
  });

  it('refuses to change the permissions of a role the caller holds', async () => {
    const own = await admin.post('/sys/permission/saveRolePermission', { roleId: await roleId(server, 'admin'), permissionIds: '' });
    expect(own.body).toMatchObject({ success: false, message: '不能修改自己所拥有角色的权限' });
    expect(await count(server, 'sys_role_permission', 'role_id', await roleId(server, 'admin'))).toBeGreaterThan(50);
    const delegateRole = await roleId(server, 'role_admin');
    const self = await delegate.post('/sys/permission/saveRolePermission', { roleId: delegateRole, permissionIds: '' });
    expect(self.body.message).toBe('不能修改自己所拥有角色的权限');
  });

  it('refuses to give a role whose permissions the caller does not hold, and to change one’s own roles', async () => {
    const finance = await roleId(server, 'finance');
    const viewer = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'viewer01').executeTakeFirstOrThrow())
      .id;
    const give = await delegate.post('/sys/user/addSysUserRole', { roleId: finance, userIdList: [viewer] });
    expect(give.body.success).toBe(false);
    expect(give.body.message).toBe('不能分配或移除角色「财务」：其中包含您未拥有的权限');
    expect(await count(server, 'sys_user_role', 'user_id', viewer)).toBe(1);
    const mine = await delegate.post('/sys/user/addSysUserRole', { roleId: target, userIdList: [delegateId] });
    expect(mine.body.message).toBe('不能修改自己的角色');
    const adminId = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const selfEdit = await admin.put('/sys/user/edit', { id: adminId, selectedroles: await roleId(server, 'finance') });
    expect(selfEdit.body).toMatchObject({ success: false, message: '不能修改自己的角色' });
    expect(await count(server, 'sys_user_role', 'user_id', adminId)).toBe(1);
  });

  it('lets the delegate give a role it may grant, and the new holder gets it at once', async () => {
    const viewer = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'viewer01').executeTakeFirstOrThrow())
      .id;
    const res = await delegate.post('/sys/user/addSysUserRole', { roleId: target, userIdList: [viewer] });
    expect(res.body.success).toBe(true);
    const perm = await (await signedIn(server, 'viewer01', USER_PASSWORD)).get('/sys/permission/getUserPermissionByToken');
    expect(perm.body.result.auth.map((a: { action: string }) => a.action)).toContain('wms:vehicle:add');
  });

  it('refuses deleting a role the caller holds', async () => {
    const res = await admin.del('/sys/role/delete', { id: await roleId(server, 'admin') });
    expect(res.body).toMatchObject({ success: false, message: '不能删除自己所拥有的角色' });
    expect(await count(server, 'sys_role', 'role_code', 'admin')).toBe(1);
  });
});

describe('data rules', () => {
  let menuId: string;

  beforeAll(async () => {
    menuId = await permId(server, bankMenu);
  });

  it('refuses a rule with a SQL operator, an unknown column or an unknown variable, writing nothing', async () => {
    const base = {
      permissionId: menuId,
      ruleName: '规则',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    };
    const sqlRule = await admin.post('/sys/permission/addPermissionRule', { ...base, ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' });
    expect(sqlRule.body).toMatchObject({ success: false, message: '不支持SQL片段规则，请选择固定的条件' });
    const col = await admin.post('/sys/permission/addPermissionRule', { ...base, ruleColumn: 'password' });
    expect(col.body.message).toBe('规则字段不存在：password');
    const variable = await admin.post('/sys/permission/addPermissionRule', { ...base, ruleValue: '#{sys_secret}' });
    expect(variable.body.message).toBe('不支持的系统变量：#{sys_secret}');
    expect(await count(server, 'sys_permission_data_rule', 'permission_id', menuId)).toBe(0);
    const denied = await (await signedIn(server, 'wangfang')).post('/sys/permission/addPermissionRule', base);
    expect(denied.status).toBe(403);
    expect(await count(server, 'sys_permission_data_rule', 'permission_id', menuId)).toBe(0);
  });

  it('filters a role’s rows by the rules granted with its menu, with system variables', async () => {
    const finance = await roleId(server, 'finance');
    const wangfang = await signedIn(server, 'wangfang');
    const all = (await wangfang.get('/online/cgform/api/getData/fin_bank_account', { pageSize: 5 })).body.result.total;
    expect(all).toBeGreaterThan(10);
    const add = await admin.post('/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: '只看自己创建的',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(add.body.success).toBe(true);
    const rules = await admin.get('/sys/permission/getPermRuleListByPermId', { permissionId: menuId });
    expect(rules.body.result).toHaveLength(1);
    expect((await admin.get('/sys/role/datarule/' + menuId + '/' + finance)).body.result.datarule).toHaveLength(1);
    // a rule defined but not granted changes nothing
    expect((await wangfang.get('/online/cgform/api/getData/fin_bank_account')).body.result.total).toBe(all);
    const grant = await admin.post('/sys/role/datarule', { permissionId: menuId, roleId: finance, dataRuleIds: add.body.result });
    expect(grant.body.success).toBe(true);
    const own = await count(server, 'fin_bank_account', 'create_by', 'wangfang');
    expect(own).toBeLessThan(all);
    expect((await wangfang.get('/online/cgform/api/getData/fin_bank_account')).body.result.total).toBe(own);
    const page = (await wangfang.get('/online/cgform/api/getData/fin_bank_account', { pageSize: 100 })).body.result;
    expect(page.total).toBe(own);
    expect(page.records.every((r: { create_by: string }) => r.create_by === 'wangfang')).toBe(true);
    // the rule also guards reads and writes of single rows
    const other = (await sql<{ id: string }>`select id from fin_bank_account where create_by <> 'wangfang' limit 1`.execute(server.ctx.db))
      .rows[0].id;
    expect((await wangfang.get(`/online/cgform/api/form/fin_bank_account/${other}`)).body.success).toBe(false);
    // admin holds no rule for that menu and still sees every row
    expect((await admin.get('/online/cgform/api/getData/fin_bank_account')).body.result.total).toBe(all);
  });

  it('an inactive rule filters nothing; an operator from the fixed set with a list works', async () => {
    const rule = (
      await server.ctx.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', menuId).executeTakeFirstOrThrow()
    ).id;
    const off = await admin.put('/sys/permission/editPermissionRule', { id: rule, status: '0' });
    expect(off.body.success).toBe(true);
    const wangfang = await signedIn(server, 'wangfang');
    const total = (await wangfang.get('/online/cgform/api/getData/fin_bank_account')).body.result.total;
    expect(total).toBeGreaterThan(1);
    const on = await admin.put('/sys/permission/editPermissionRule', {
      id: rule,
      status: '1',
      ruleConditions: 'in',
      ruleValue: 'admin,wangfang',
    });
    expect(on.body.success).toBe(true);
    const stored = await server.ctx.db
      .selectFrom('sys_permission_data_rule')
      .select('rule_conditions')
      .where('id', '=', rule)
      .executeTakeFirstOrThrow();
    expect(stored.rule_conditions).toBe('IN');
    const inList = (
      await sql<{ n: number }>`select count(*)::int as n from fin_bank_account where create_by in ('admin', 'wangfang')`.execute(
        server.ctx.db,
      )
    ).rows[0].n;
    expect(inList).toBeLessThan(total);
    expect((await wangfang.get('/online/cgform/api/getData/fin_bank_account')).body.result.total).toBe(inList);
    const del = await admin.del('/sys/permission/deletePermissionRule', { id: rule });
    expect(del.body.success).toBe(true);
    expect(await count(server, 'sys_permission_data_rule', 'permission_id', menuId)).toBe(0);
  });
});
