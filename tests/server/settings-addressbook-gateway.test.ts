import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import { grantRole } from './ops-helpers.js';
import type { StartedServer } from '../../src/server/start.js';

// Settings, address book and gateway routes.

let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

describe('settings', () => {
  it('reads the defaults, saves values and reads them back', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/setting/queryAll')).body.result).toMatchObject({ platformName: '办公管理系统', defaultPageSize: 10 });
    const saved = await admin.put('/sys/setting/save', { platformName: '中恒办公', defaultPageSize: '20' });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功' });
    expect((await staff.get('/sys/setting/queryAll')).body.result).toMatchObject({ platformName: '中恒办公', defaultPageSize: 20 });
    // the login page reads them before anyone signs in
    const anonymous = await client(server).get('/sys/setting/queryAll');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result).toMatchObject({ platformName: '中恒办公', defaultPageSize: 20 });
    const form = await admin.get('/sys/setting/list');
    expect(form.body.result.find((d: { key: string }) => d.key === 'defaultPageSize')).toMatchObject({ value: 20, options: [10, 20, 30] });
  });

  it('refuses unknown keys and bad values with clear messages, writing nothing', async () => {
    const unknown = await admin.put('/sys/setting/save', { platformName: '不会保存', secretKey: 'x' });
    expect(unknown.body).toMatchObject({ success: false, message: '未知的设置项：secretKey' });
    const bad = await admin.post('/sys/setting/save', { defaultPageSize: 15 });
    expect(bad.body).toMatchObject({ success: false, message: '列表默认每页条数只能是 10、20、30 之一' });
    const long = await admin.put('/sys/setting/save', { platformName: '名'.repeat(31) });
    expect(long.body.message).toBe('系统名称不能超过30个字符');
    expect((await admin.get('/sys/setting/queryAll')).body.result.platformName).toBe('中恒办公');
  });

  it('refuses saving to users without the settings menu or button (403)', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.put('/sys/setting/save', { platformName: '越权' })).status).toBe(403);
    expect((await staff.get('/sys/setting/list')).status).toBe(403);
    await grantRole(server, 'lina', ['/isystem/setting']);
    const reader = client(server, await login(server, 'lina'));
    expect((await reader.get('/sys/setting/list')).body.success).toBe(true);
    expect((await reader.put('/sys/setting/save', { platformName: '越权' })).status).toBe(403);
    expect((await admin.get('/sys/setting/queryAll')).body.result.platformName).toBe('中恒办公');
  });
});

describe('address book', () => {
  it('lists users of a department and its sub-departments with contact fields', async () => {
    const all = await admin.get('/sys/user/queryByOrgCodeForAddressList', { pageNo: 1, pageSize: 200 });
    expect(all.body.success).toBe(true);
    const finance = await admin.get('/sys/user/queryByOrgCodeForAddressList', { orgCode: 'A01A02', pageSize: 50 });
    const names = (finance.body.result.records as { realname: string }[]).map((r) => r.realname);
    expect(names).toEqual(expect.arrayContaining(['陈静', '王芳', '李娜']));
    expect(finance.body.result.total).toBeLessThan(all.body.result.total);
    const wang = (finance.body.result.records as Record<string, unknown>[]).find((r) => r.realname === '王芳')!;
    expect(Object.keys(wang)).toEqual(
      expect.arrayContaining(['id', 'realname', 'workNo', 'phone', 'telephone', 'email', 'departName', 'post', 'postText']),
    );
    expect(wang).not.toHaveProperty('password');
    expect(String(wang.departName)).toContain('财务');
    const byName = await admin.get('/sys/user/queryByOrgCodeForAddressList', { realname: '王芳' });
    expect((byName.body.result.records as { realname: string }[]).every((r) => r.realname.includes('王芳'))).toBe(true);
  });

  it('refuses a user without the address-book menu (403)', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/user/queryByOrgCodeForAddressList')).status).toBe(403);
  });

  it('treats odd input as a plain filter (no match, no error)', async () => {
    const res = await admin.get('/sys/user/queryByOrgCodeForAddressList', { orgCode: "A01'; drop table sys_user; --", pageNo: 'x' });
    expect(res.body).toMatchObject({ success: true, result: { total: 0, current: 1 } });
  });
});

describe('gateway routes', () => {
  it('are not in the side menu: nothing enforces them, so the seeded entry is hidden (its calls still work for admins)', async () => {
    type Entry = { path: string; hidden?: boolean; children?: Entry[] };
    const flat = (list: Entry[]): Entry[] => list.flatMap((e) => [e, ...flat(e.children ?? [])]);
    const menu = flat((await admin.get('/sys/permission/getUserPermissionByToken')).body.result.menu as Entry[]);
    expect(menu.find((e) => e.path === '/isystem/gatewayroute')).toMatchObject({ hidden: true });
    expect(menu.find((e) => e.path === '/isystem/dataSource')?.hidden).toBeFalsy();
    expect((await admin.get('/sys/gatewayRoute/list')).body.success).toBe(true);
  });

  it('stores, lists, edits and logically deletes routes', async () => {
    const add = await admin.post('/sys/gatewayRoute/add', {
      routerId: 'office-report',
      name: '报表服务',
      uri: 'lb://office-report',
      predicates: '[{"name":"Path","args":["/report/**"]}]',
      filters: '',
      status: '1',
    });
    expect(add.body.success).toBe(true);
    const id = add.body.result as string;
    const list = await admin.get('/sys/gatewayRoute/list');
    expect((list.body.result.records as { routerId: string }[]).map((r) => r.routerId)).toEqual(
      expect.arrayContaining(['office-system', 'office-report']),
    );
    expect((await admin.put('/sys/gatewayRoute/edit', { id, uri: 'http://10.0.0.8:8080' })).body.success).toBe(true);
    expect((await admin.del('/sys/gatewayRoute/delete', { id })).body.success).toBe(true);
    const row = await server.ctx.db.selectFrom('sys_gateway_route').select('del_flag').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.del_flag).toBe(1);
    expect((await admin.get('/sys/gatewayRoute/queryById', { id })).body.success).toBe(false);
    // the router id is free again once the route is deleted
    expect(
      (await admin.post('/sys/gatewayRoute/add', { routerId: 'office-report', name: '报表服务', uri: 'lb://office-report' })).body.success,
    ).toBe(true);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('sys_gateway_route')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const uri = await admin.post('/sys/gatewayRoute/add', { routerId: 'r1', name: 'x', uri: 'ftp://x' });
    expect(uri.body.message).toBe('路由地址 uri 应以 lb://、http(s):// 或 ws(s):// 开头');
    const json = await admin.post('/sys/gatewayRoute/add', { routerId: 'r2', name: 'x', uri: 'lb://x', predicates: '{"name":"Path"}' });
    expect(json.body.message).toContain('断言 predicates必须是 JSON 数组');
    const dup = await admin.post('/sys/gatewayRoute/add', { routerId: 'office-system', name: 'x', uri: 'lb://x' });
    expect(dup.body.message).toBe('路由ID「office-system」已存在');
    expect(await count()).toBe(before);
  });

  it('refuses a user without the menu (403)', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/gatewayRoute/list')).status).toBe(403);
    expect((await staff.post('/sys/gatewayRoute/add', { routerId: 'x', name: 'x', uri: 'lb://x' })).status).toBe(403);
  });
});
