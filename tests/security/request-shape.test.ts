import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD, startTestServer } from '../server/harness.js';
import { client, login, type Client } from './helpers.js';

// Class 6, request shape: an anonymous route takes a few KB, a signed-in route 1 MB unless it
// declares more where it is registered (the designers, record saves with sub rows), a JSON body
// nests at most 32 deep.

let server: StartedServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

describe('body limits', () => {
  it('the login takes a normal body (the target) but not one of 100 KB', async () => {
    expect((await client(server).post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).body.success).toBe(true);
    const big = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD, pad: 'x'.repeat(100_000) },
    });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({ success: false, message: '请求数据过大' });
    expect(big.body).not.toContain('"token"');
  });

  it('an ordinary signed-in route takes a normal body (the target) but not one of 2 MB: a clear message, nothing written', async () => {
    const roles = async () => (await server.ctx.db.selectFrom('sys_role').select('id').execute()).length;
    const before = await roles();
    const big = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/role/add',
      headers: { 'x-access-token': admin.token! },
      payload: { roleName: '大角色', roleCode: 'big_role', description: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toEqual({ success: false, message: '请求数据过大', code: 500, result: null, timestamp: expect.any(Number) });
    expect(big.body).not.toMatch(/at |stack|FST_/);
    expect(await roles()).toBe(before);
    expect((await admin.post('/sys/role/add', { roleName: '普通角色', roleCode: 'normal_role' })).body.success).toBe(true);
    expect(await roles()).toBe(before + 1);
  });

  it('the form designer still takes a screen of more than 1 MB', async () => {
    const fields = Array.from({ length: 1500 }, (_, i) => ({
      name: `field${i}`,
      title: `字段${i}`.padEnd(190, '说'),
      widget: 'input',
      dbType: 'string',
      dbLength: 100,
      queryMode: 'single',
      showList: true,
      showForm: true,
      required: false,
    }));
    const schema = {
      id: 'big_screen',
      title: '大页面',
      tableName: 'big_screen',
      tableType: 'single',
      template: 'normal',
      formTemplate: 1,
      authPre: 'big:screen',
      fields,
    };
    const body = JSON.stringify({ schema });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const res = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/online/cgform/api/addAll',
      headers: { 'x-access-token': admin.token!, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.json(), res.json().message).toMatchObject({ success: true });
    expect(server.ctx.screens.get('big_screen')?.screen.fields.length).toBe(1500);
  });

  it('a JSON body nested 40 deep is refused before any handler, with a clear message', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const before = await server.ctx.db.selectFrom('sys_role').select('id').execute();
    const res = await admin.post('/sys/role/add', { roleName: '深层角色', roleCode: 'deep_role', extra: deep });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: '请求数据嵌套层级过深' });
    expect((await server.ctx.db.selectFrom('sys_role').select('id').execute()).length).toBe(before.length);
    // a shallow body of the same call works
    expect((await admin.post('/sys/role/add', { roleName: '浅层角色', roleCode: 'shallow_role' })).body.success).toBe(true);
  });
});
