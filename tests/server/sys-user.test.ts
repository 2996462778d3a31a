import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';
import { USER_PASSWORD, count, createUser, departId, roleId, signedIn, type Client } from './sys-admin-helpers.js';

// Users and the user side of (organisation units): spec 5.1, 7.1, 7.2.
let server: StartedServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
}, 120_000);
afterAll(async () => server?.close());

const userRow = (username: string) => server.ctx.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();

describe('user list', () => {
  it('pages users with the generic filters and the department filter, never sending passwords', async () => {
    const all = await admin.get('/sys/user/list', { pageSize: 100 });
    expect(all.body.success).toBe(true);
    expect(all.body.result.total).toBeGreaterThan(30);
    for (const r of all.body.result.records) expect(r).not.toHaveProperty('password');
    const wf = all.body.result.records.find((r: { username: string }) => r.username === 'wangfang');
    expect(wf).toMatchObject({ realname: '王芳', orgCodeTxt: '财务部', sex_dictText: '女', post: 'cn' });
    expect(wf).not.toHaveProperty('org_code');
    expect(wf.selectedroles).toBe(await roleId(server, 'finance'));
    const byName = await admin.get('/sys/user/list', { realname: '*王*' });
    expect(byName.body.result.records.map((r: { realname: string }) => r.realname)).toContain('王芳');
    const women = await admin.get('/sys/user/list', { sex: '2', pageSize: 100 });
    expect(women.body.result.records.every((r: { sex: number }) => r.sex === 2)).toBe(true);
    const born = await admin.get('/sys/user/list', { birthday_begin: '1990-01-01', birthday_end: '1995-12-31', pageSize: 100 });
    for (const r of born.body.result.records) expect(r.birthday >= '1990-01-01' && r.birthday <= '1995-12-31').toBe(true);
    const finance = await admin.get('/sys/user/list', { departId: await departId(server, 'A01A02'), pageSize: 100 });
    expect(finance.body.result.records.map((r: { username: string }) => r.username).sort()).toEqual([
      'bss_demo',
      'chenjing',
      'lina',
      'wangfang',
    ]);
    const byOrg = await admin.get('/sys/user/list', { orgCode: 'A01A02', pageSize: 100 });
    expect(byOrg.body.result.total).toBe(4);
  });

  it('answers anyone signed in an exact username lookup with the real name only, and refuses the rest', async () => {
    const staff = await signedIn(server, 'zhaomin');
    const one = await staff.get('/sys/user/list', { username: 'wangfang' });
    expect(one.body.result.records).toEqual([{ id: expect.any(String), username: 'wangfang', realname: '王芳' }]);
    expect((await staff.get('/sys/user/list', {})).status).toBe(403);
    expect((await staff.get('/sys/user/list', { username: '*wang*' })).status).toBe(403);
  });
});

describe('adding and editing users', () => {
  it('adds a user with roles, departments and positions; the password is hashed and never returned', async () => {
    const finance = await roleId(server, 'finance');
    const res = await admin.post('/sys/user/add', {
      username: 'newclerk',
      realname: '新会计',
      password: USER_PASSWORD,
      confirmpassword: USER_PASSWORD,
      post: 'kj',
      phone: '13912345678',
      selectedroles: finance,
      selecteddeparts: [await departId(server, 'A01A02'), await departId(server, 'A01A12')].join(','),
    });
    expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = await userRow('newclerk');
    expect(row).toMatchObject({ status: 1, del_flag: 0, post: 'kj', org_code: 'A01A02' });
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await admin.get('/sys/user/queryUserRole', { userid: row!.id })).body.result).toEqual([finance]);
    const departs = await admin.get('/sys/user/userDepartList', { userId: row!.id });
    expect(departs.body.result.map((d: { title: string }) => d.title)).toEqual(['财务部', '天津分公司']);
    const one = await admin.get('/sys/user/queryById', { id: row!.id });
    expect(one.body.result).not.toHaveProperty('password');
    expect(one.body.result.selecteddeparts.split(',')).toHaveLength(2);
    const login = await client(server).post('/sys/login', { username: 'newclerk', password: USER_PASSWORD });
    expect(login.body.success).toBe(true);
    expect(login.body.result.userInfo).not.toHaveProperty('password');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await count(server, 'sys_user');
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'weakpw', realname: '弱', password: 'abcdefgh' }, '密码应由8位或以上的字母和数字组成!'],
      [{ username: 'weakpw', realname: '弱', password: USER_PASSWORD, confirmpassword: 'Other2026x' }, '两次输入的密码不一样！'],
      [{ username: 'wangfang', realname: '重复', password: USER_PASSWORD }, '用户账号「wangfang」已存在'],
      [{ username: 'ab', realname: '短', password: USER_PASSWORD }, '长度6到18个字符'],
      [{ username: 'posbad', realname: '职务', password: USER_PASSWORD, post: 'nosuch' }, '职务不存在：nosuch'],
      [{ username: 'phonedup', realname: '手机', password: USER_PASSWORD, phone: '13912345678' }, '该手机号已存在'],
      [{ username: 'roleless', realname: '角色', password: USER_PASSWORD, selectedroles: 'nope' }, '角色不存在：nope'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/sys/user/add', body);
      expect(res.body.success, message).toBe(false);
      expect(res.body.message).toContain(message);
    }
    expect(await count(server, 'sys_user')).toBe(before);
    expect(await count(server, 'sys_user_role', 'user_id', 'nope')).toBe(0);
  });

  it('refuses a caller without the add button (403), writing nothing', async () => {
    const before = await count(server, 'sys_user');
    const res = await (
      await signedIn(server, 'wangfang')
    ).post('/sys/user/add', { username: 'sneaky', realname: 'x', password: USER_PASSWORD });
    expect(res.status).toBe(403);
    expect(await count(server, 'sys_user')).toBe(before);
  });

  it('keeps the username, checks uniqueness and lets an admin reset a password on edit', async () => {
    const row = (await userRow('newclerk'))!;
    const rename = await admin.put('/sys/user/edit', { id: row.id, username: 'renamed' });
    expect(rename.body).toMatchObject({ success: false, message: '用户账号创建后不能修改' });
    const dupPhone = await admin.put('/sys/user/edit', { id: row.id, phone: (await userRow('wangfang'))!.phone });
    expect(dupPhone.body.message).toBe('该手机号已存在');
    const ok = await admin.post('/sys/user/edit', { id: row.id, realname: '新会计（改）', email: 'newclerk@zjzl.com.cn' });
    expect(ok.body.success).toBe(true);
    expect((await userRow('newclerk'))!.realname).toBe('新会计（改）');
    expect((await userRow('newclerk'))!.password).toBe(row.password);
  });

  it('checks that an account name, phone or work number is free', async () => {
    expect((await admin.get('/sys/user/checkOnlyUser', { username: 'wangfang' })).body).toMatchObject({
      success: false,
      message: '用户账号已存在',
    });
    expect((await admin.get('/sys/user/checkOnlyUser', { username: 'free_name' })).body.success).toBe(true);
    const wf = (await userRow('wangfang'))!;
    expect((await admin.get('/sys/user/checkOnlyUser', { phone: wf.phone!, id: wf.id })).body.success).toBe(true);
    expect((await admin.get('/sys/user/checkOnlyUser', { workNo: wf.work_no! })).body.message).toBe('该工号已存在');
    expect((await admin.get('/sys/user/checkOnlyUser', {})).body.message).toBe('请提供要校验的字段');
  });
});

describe('freezing', () => {
  it('freezes a user: the next sign-in is refused and an open session ends at once; unfreezing restores it', async () => {
    const id = await createUser(admin, 'tofreeze', { roles: [await roleId(server, 'oa_staff')] });
    const session = await signedIn(server, 'tofreeze', USER_PASSWORD);
    expect((await session.get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    const res = await admin.put('/sys/user/frozenBatch', { ids: id, status: '2' });
    expect(res.body).toMatchObject({ success: true, message: '冻结成功!' });
    const after = await session.get('/sys/permission/getUserPermissionByToken');
    expect(after.status).toBe(401);
    const refused = await client(server).post('/sys/login', { username: 'tofreeze', password: USER_PASSWORD });
    expect(refused.body).toMatchObject({ success: false, message: '该用户已冻结' });
    expect((await admin.put('/sys/user/unfreeze', { id })).body.message).toBe('解冻成功!');
    expect((await client(server).post('/sys/login', { username: 'tofreeze', password: USER_PASSWORD })).body.success).toBe(true);
    expect((await admin.put('/sys/user/freeze', { id })).body.success).toBe(true);
    expect((await userRow('tofreeze'))!.status).toBe(2);
  });

  it('refuses freezing oneself, a bad status and a caller without the button', async () => {
    const adminId = (await userRow('admin'))!.id;
    expect((await admin.put('/sys/user/frozenBatch', { ids: adminId, status: '2' })).body.message).toBe('不能冻结自己的账号');
    expect((await admin.put('/sys/user/frozenBatch', { ids: adminId, status: '3' })).body.message).toContain('状态参数不正确');
    const wf = (await userRow('lina'))!;
    const denied = await (await signedIn(server, 'wangfang')).put('/sys/user/frozenBatch', { ids: wf.id, status: '2' });
    expect(denied.status).toBe(403);
    expect((await userRow('lina'))!.status).toBe(1);
  });
});

describe('passwords', () => {
  it('lets a user change their own password with the spec 5.1 rules and messages', async () => {
    await createUser(admin, 'pwself');
    const me = await signedIn(server, 'pwself', USER_PASSWORD);
    const base = { username: 'pwself', oldpassword: USER_PASSWORD, password: 'Newpass2026', confirmpassword: 'Newpass2026' };
    expect((await me.put('/sys/user/updatePassword', { ...base, oldpassword: '' })).body.message).toBe('请输入旧密码!');
    expect((await me.put('/sys/user/updatePassword', { ...base, password: 'short1', confirmpassword: 'short1' })).body.message).toBe(
      '密码应由8位或以上的字母和数字组成!',
    );
    expect((await me.put('/sys/user/updatePassword', { ...base, confirmpassword: 'Newpass2027' })).body.message).toBe(
      '两次输入的密码不一样！',
    );
    expect((await me.put('/sys/user/updatePassword', { ...base, oldpassword: 'Wrong2026pw' })).body.message).toBe('旧密码输入错误');
    expect((await me.put('/sys/user/updatePassword', { ...base, username: 'wangfang' })).body.message).toBe('只能修改自己的密码');
    const ok = await me.post('/sys/user/updatePassword', base);
    expect(ok.body).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await client(server).post('/sys/login', { username: 'pwself', password: USER_PASSWORD })).body.success).toBe(false);
    expect((await client(server).post('/sys/login', { username: 'pwself', password: 'Newpass2026' })).body.success).toBe(true);
  });

  it('lets an admin reset a password, ending the user’s sessions', async () => {
    await createUser(admin, 'pwreset');
    const session = await signedIn(server, 'pwreset', USER_PASSWORD);
    expect((await admin.put('/sys/user/changePassword', { username: 'pwreset', password: 'weak' })).body.message).toBe(
      '密码应由8位或以上的字母和数字组成!',
    );
    const res = await admin.put('/sys/user/changePassword', { username: 'pwreset', password: 'Reset2026ok' });
    expect(res.body).toMatchObject({ success: true, message: '密码重置成功！' });
    expect((await session.get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
    expect((await client(server).post('/sys/login', { username: 'pwreset', password: 'Reset2026ok' })).body.success).toBe(true);
    const denied = await (
      await signedIn(server, 'wangfang')
    ).put('/sys/user/changePassword', { username: 'lina', password: 'Reset2026ok' });
    expect(denied.status).toBe(403);
  });
});

describe('deleting', () => {
  it('soft-deletes users (del_flag 1), hides them, refuses their sign-in and never deletes oneself', async () => {
    const a = await createUser(admin, 'gone01');
    const b = await createUser(admin, 'gone02');
    const session = await signedIn(server, 'gone01', USER_PASSWORD);
    const res = await admin.del('/sys/user/deleteBatch', { ids: `${a},${b}` });
    expect(res.body.success).toBe(true);
    expect((await userRow('gone01'))!.del_flag).toBe(1);
    expect((await session.get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
    const list = await admin.get('/sys/user/list', { username: 'gone*' });
    expect(list.body.result.total).toBe(0);
    expect((await client(server).post('/sys/login', { username: 'gone02', password: USER_PASSWORD })).body.message).toBe('该用户已注销');
    const self = await admin.del('/sys/user/delete', { id: (await userRow('admin'))!.id });
    expect(self.body).toMatchObject({ success: false, message: '不能删除自己的账号' });
  });
});

describe('pickers and organisation units', () => {
  it('lists the users of a department with picker fields only', async () => {
    const staff = await signedIn(server, 'zhaomin');
    const res = await staff.get('/sys/user/queryUserByDepId', { id: await departId(server, 'A01A02') });
    expect(res.body.result.map((u: { username: string }) => u.username).sort()).toEqual([
      'bss_demo',
      'chenjing',
      'lina',
      'newclerk',
      'wangfang',
    ]);
    expect(Object.keys(res.body.result[0]).sort()).toEqual([
      'id',
      'orgCode',
      'orgCodeTxt',
      'phone',
      'realname',
      'sex',
      'username',
      'workNo',
    ]);
  });

  it('gives a user their organisation units and lets them choose only their own', async () => {
    const admins = await admin.get('/sys/user/getCurrentUserOss');
    expect(admins.body.result.list.map((o: { osName: string }) => o.osName)).toEqual([
      '中冀智联集团',
      '北京总部',
      '天津分公司',
      '河北分公司',
      '山东分公司',
    ]);
    const branch = await signedIn(server, 'chengchen');
    const mine = await branch.get('/sys/user/getCurrentUserOss');
    expect(mine.body.result).toEqual({ list: [{ id: expect.any(String), osCode: 'A01A02', osName: '天津分公司' }], osCode: 'A01A02' });
    expect((await branch.put('/sys/selectOs', { osCode: 'A01A01' })).body.message).toBe('您不属于该组织单元，不能切换');
    expect((await admin.post('/sys/selectOs', { osCode: 'A01A03' })).body.result.userInfo.osCode).toBe('A01A03');
    expect((await admin.put('/sys/selectOs', { osCode: 'A01A03', username: 'wangfang' })).body.message).toBe('只能切换自己的组织单元');
  });
});
