import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD, startTestServer } from '../server/harness.js';
import { client, login, type Client } from './helpers.js';

// Class 6, request shape: an anonymous route takes a few KB, a JSON body nests at most 32 deep.

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
