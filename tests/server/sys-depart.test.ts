import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';
import { USER_PASSWORD, count, createUser, permIds, signedIn, type Client } from './sys-admin-helpers.js';

// Departments (tree, search, add/edit/delete, department permissions,
// department roles and users) and organisation units.
let server: StartedServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
}, 120_000);
afterAll(async () => server?.close());

const depart = (orgCode: string) => server.ctx.db.selectFrom('sys_depart').selectAll().where('org_code', '=', orgCode).executeTakeFirst();

describe('department tree reads', () => {
  it('gives the department screen every field and pickers the minimal ones', async () => {
    const full = await admin.get('/sys/sysDepart/queryTreeList');
    expect(full.body.result[0]).toMatchObject({
      orgCode: 'A01',
      departName: '中冀智联工程技术有限公司',
      mobile: '13863786200',
      isLeaf: false,
    });
    const staff = await signedIn(server, 'zhaomin');
    const min = await staff.get('/sys/sysDepart/queryTreeList');
    expect(Object.keys(min.body.result[0]).sort()).toEqual([
      'children',
      'departName',
      'id',
      'isLeaf',
      'key',
      'orgCode',
      'parentId',
      'title',
      'value',
    ]);
  });

  it('loads one level at a time, the id tree, searches and the departments the user heads', async () => {
    const roots = await admin.get('/sys/sysDepart/queryDepartTreeSync');
    expect(roots.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01']);
    const level = await admin.get('/sys/sysDepart/queryDepartTreeSync', { pid: roots.body.result[0].id });
    expect(level.body.result).toHaveLength(14);
    expect(level.body.result.find((d: { orgCode: string }) => d.orgCode === 'A01A02').isLeaf).toBe(true);
    expect(level.body.result.find((d: { orgCode: string }) => d.orgCode === 'A01A09').isLeaf).toBe(false);
    const ids = await admin.get('/sys/sysDepart/queryIdTree');
    expect(Object.keys(ids.body.result[0]).sort()).toEqual(['children', 'key', 'title', 'value']);
    const found = await admin.get('/sys/sysDepart/searchBy', { keyWord: '项目一部' });
    expect(found.body.result.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01A12A01', 'A01A13A01', 'A01A14A01']);
    const head = await signedIn(server, 'chenjing');
    const mine = await head.get('/sys/sysDepart/queryMyDeptTreeList');
    expect(mine.body.result.map((d: { departName: string }) => d.departName)).toEqual(['财务部']);
    expect((await (await signedIn(server, 'lina')).get('/sys/sysDepart/queryMyDeptTreeList')).body.result).toEqual([]);
  });
});

describe('department add, edit, delete', () => {
  it('adds children with the next orgCode and orgType, and roots with the next root code', async () => {
    const parent = (await depart('A01A02'))!;
    const a = await admin.post('/sys/sysDepart/add', { parentId: parent.id, departName: '资金管理组', orgCategory: '2' });
    expect(a.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await depart('A01A02A01')).toMatchObject({ depart_name: '资金管理组', org_type: '3', parent_id: parent.id });
    const b = await admin.post('/sys/sysDepart/add', { parentId: parent.id, departName: '税务组', orgCode: 'HACK' });
    expect(b.body.success).toBe(true);
    expect((await depart('A01A02A02'))!.depart_name).toBe('税务组');
    expect(await depart('HACK')).toBeUndefined();
    expect((await admin.post('/sys/sysDepart/add', { departName: '新公司', orgCategory: '1' })).body.success).toBe(true);
    expect((await depart('A02'))!.org_type).toBe('1');
  });

  it('refuses bad input and callers without the button, writing nothing', async () => {
    const before = await count(server, 'sys_depart');
    expect((await admin.post('/sys/sysDepart/add', { departName: '  ' })).body.message).toBe('请输入机构名称');
    expect((await admin.post('/sys/sysDepart/add', { departName: '无父', parentId: 'nope' })).body.message).toBe('上级部门不存在');
    expect((await admin.post('/sys/sysDepart/add', { departName: '类别', orgCategory: '9' })).body.message).toContain('机构类别');
    const denied = await (await signedIn(server, 'wangfang')).post('/sys/sysDepart/add', { departName: '越权部门' });
    expect(denied.status).toBe(403);
    expect(await count(server, 'sys_depart')).toBe(before);
  });

  it('edits fields but never the code or the parent', async () => {
    const d = (await depart('A01A02A02'))!;
    const res = await admin.put('/sys/sysDepart/edit', {
      id: d.id,
      departName: '税务管理组',
      orgCode: 'ZZZ',
      parentId: null,
      mobile: '010-63786211',
    });
    expect(res.body.success).toBe(true);
    expect(await depart('A01A02A02')).toMatchObject({ depart_name: '税务管理组', mobile: '010-63786211', parent_id: d.parent_id });
  });

  it('refuses deleting a department with sub-departments or users, and deletes an empty one', async () => {
    const withKids = await admin.del('/sys/sysDepart/delete', { id: (await depart('A01A09'))!.id });
    expect(withKids.body).toMatchObject({ success: false, message: '部门「通信工程事业部」下还有子部门，不能删除' });
    const withUsers = await admin.del('/sys/sysDepart/delete', { id: (await depart('A01A08'))!.id });
    expect(withUsers.body.message).toBe('部门「人力资源部」下还有用户，不能删除');
    expect(await depart('A01A08')).toBeDefined();
    const empty = (await depart('A01A02A01'))!;
    expect((await admin.del('/sys/sysDepart/delete', { id: empty.id })).body.success).toBe(true);
    expect(await depart('A01A02A01')).toBeUndefined();
    // the freed code is not reused while a later sibling exists
    await admin.post('/sys/sysDepart/add', { parentId: empty.parent_id, departName: '预算组' });
    expect((await depart('A01A02A03'))!.depart_name).toBe('预算组');
  });
});

describe('department permissions, roles and users', () => {
  let tax: string;
  let roleId: string;
  let memberId: string;

  beforeAll(async () => {
    tax = (await depart('A01A02A02'))!.id;
    memberId = await createUser(admin, 'taxclerk', { departs: [tax] });
  });

  it('saves the permissions a department may give its roles', async () => {
    const ids = await permIds(server, [
      '/dashboard/analysis',
      '/finance',
      '/online/cgformList/fin_bank_account',
      'fin:bank_account:export',
    ]);
    const res = await admin.post('/sys/permission/saveDepartPermission', { departId: tax, permissionIds: ids.join(',') });
    expect(res.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await admin.get('/sys/permission/queryDepartPermission', { departId: tax })).body.result.sort()).toEqual([...ids].sort());
    const tree = await admin.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: tax });
    expect(tree.body.result.ids).toHaveLength(4);
    const denied = await (
      await signedIn(server, 'wangfang')
    ).post('/sys/permission/saveDepartPermission', { departId: tax, permissionIds: '' });
    expect(denied.status).toBe(403);
    expect(await count(server, 'sys_depart_permission', 'depart_id', tax)).toBe(4);
  });

  it('adds a department role, limits its permissions to the department’s, and gives it to a member', async () => {
    const add = await admin.post('/sys/sysDepartRole/add', { departId: tax, roleName: '税务查看', roleCode: 'tax_viewer' });
    expect(add.body.success).toBe(true);
    roleId = add.body.result;
    const dup = await admin.post('/sys/sysDepartRole/add', { departId: tax, roleName: '重复', roleCode: 'tax_viewer' });
    expect(dup.body.message).toBe('该部门已存在此角色编码');
    const list = await admin.get('/sys/sysDepartRole/list', { deptId: tax });
    expect(list.body.result.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['tax_viewer']);
    const outside = await admin.post('/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId,
      permissionIds: (await permIds(server, ['/warehouse'])).join(','),
    });
    expect(outside.body.message).toBe('以下权限未授权给该部门，不能分配给部门角色：仓储与资产');
    const ids = await permIds(server, ['/dashboard/analysis', '/finance', '/online/cgformList/fin_bank_account']);
    expect(
      (await admin.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: ids.join(',') })).body.success,
    ).toBe(true);
    expect((await admin.get('/sys/sysDepartPermission/queryDeptRolePermission', { roleId })).body.result.sort()).toEqual([...ids].sort());
    // before: the member has no role at all
    const member = await signedIn(server, 'taxclerk', USER_PASSWORD);
    expect((await member.get('/online/cgform/api/getData/fin_bank_account')).status).toBe(403);
    const give = await admin.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: memberId, departId: tax, newRoleId: roleId });
    expect(give.body.success).toBe(true);
    expect((await admin.get('/sys/sysDepartRole/getDeptRoleByUserId', { userId: memberId, departId: tax })).body.result).toHaveLength(1);
    const menu = (await member.get('/sys/permission/getUserPermissionByToken')).body.result.menu;
    expect(menu.filter((m: { hidden?: boolean }) => !m.hidden).map((m: { meta: { title: string } }) => m.meta.title)).toEqual([
      '首页',
      '财务管理',
    ]);
    expect((await member.get('/online/cgform/api/getData/fin_bank_account')).body.success).toBe(true);
  });

  it('refuses a department role for a non-member, for oneself, and removing a department permission takes it from its roles', async () => {
    const outsider = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'zhaomin').executeTakeFirstOrThrow())
      .id;
    const res = await admin.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: outsider, departId: tax, newRoleId: roleId });
    expect(res.body.message).toBe('该用户不属于此部门');
    const adminId = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(
      (await admin.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: adminId, departId: tax, newRoleId: roleId })).body.message,
    ).toBe('不能修改自己的角色');
    const keep = await permIds(server, ['/dashboard/analysis', '/finance']);
    await admin.post('/sys/permission/saveDepartPermission', { departId: tax, permissionIds: keep.join(',') });
    expect(await count(server, 'sys_depart_role_permission', 'role_id', roleId)).toBe(2);
  });

  it('adds users to a department, lists and removes them', async () => {
    const lina = (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
    expect((await admin.post('/sys/user/editSysDepartWithUser', { depId: tax, userIdList: [lina] })).body.success).toBe(true);
    const page = await admin.get('/sys/user/departUserList', { depId: tax });
    expect(page.body.result.records.map((u: { username: string }) => u.username).sort()).toEqual(['lina', 'taxclerk']);
    expect((await admin.del('/sys/user/deleteUserInDepartBatch', { depId: tax, userIds: `${lina},${memberId}` })).body.success).toBe(true);
    expect(await count(server, 'sys_user_depart', 'dep_id', tax)).toBe(0);
    // leaving the department ends its department roles
    expect(await count(server, 'sys_depart_role_user', 'user_id', memberId)).toBe(0);
    expect((await admin.del('/sys/sysDepartRole/delete', { id: roleId })).body.success).toBe(true);
  });
});

describe('organisation units', () => {
  it('lists, searches, adds with generated codes, and refuses deleting units with sub-units or users', async () => {
    const tree = await admin.get('/sys/sysOs/queryTreeList');
    expect(tree.body.result[0]).toMatchObject({ osCode: 'A01', osName: '中冀智联集团' });
    expect(tree.body.result[0].children).toHaveLength(4);
    expect((await admin.get('/sys/sysOs/searchBy', { keyWord: '天津' })).body.result.map((o: { osCode: string }) => o.osCode)).toEqual([
      'A01A02',
    ]);
    expect(Object.keys((await admin.get('/sys/sysOs/queryIdTree')).body.result[0]).sort()).toEqual(['children', 'key', 'title', 'value']);
    const root = tree.body.result[0].id;
    const add = await admin.post('/sys/sysOs/add', { parentId: root, osName: '雄安办事处' });
    expect(add.body.success).toBe(true);
    const created = await server.ctx.db.selectFrom('sys_os').selectAll().where('id', '=', add.body.result).executeTakeFirstOrThrow();
    expect(created.os_code).toBe('A01A05');
    expect((await admin.post('/sys/sysOs/add', { osName: '' })).body.message).toBe('请输入组织单元名称');
    expect((await admin.del('/sys/sysOs/delete', { id: root })).body.message).toBe('组织单元「中冀智联集团」下还有下级，不能删除');
    const tianjin = tree.body.result[0].children.find((c: { osCode: string }) => c.osCode === 'A01A02').id;
    expect((await admin.del('/sys/sysOs/delete', { id: tianjin })).body.message).toBe('组织单元「天津分公司」下还有用户，不能删除');
    const denied = await (await signedIn(server, 'wangfang')).del('/sys/sysOs/delete', { id: add.body.result });
    expect(denied.status).toBe(403);
    expect((await admin.del('/sys/sysOs/delete', { id: add.body.result })).body.success).toBe(true);
    const perm = await permIds(server, ['/dashboard/analysis']);
    expect((await admin.post('/sys/permission/saveOsPermission', { osId: tianjin, permissionIds: perm.join(',') })).body.success).toBe(
      true,
    );
    expect((await admin.get('/sys/permission/queryOsPermission', { osId: tianjin })).body.result).toEqual(perm);
  });
});
