import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import type { StartedServer } from '../../src/server/start.js';
import { formatDateTime } from '../../src/shared/time.js';
import { account, client, login, startSecurityServer, USER_PASSWORD, type Client } from './helpers.js';

// Class 8, sessions and passwords: the token only in the X-Access-Token header, a changed
// password ends the other sessions, an absolute session lifetime, no password reset by GET,
// Argon2id hashes (bcrypt ones renewed at the next login), no common passwords.

let server: StartedServer;
let admin: Client;
const me = '/sys/permission/getUserPermissionByToken';

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const storedHash = async (username: string) =>
  (await server.ctx.db.selectFrom('sys_user').select('password').where('username', '=', username).executeTakeFirstOrThrow()).password;

describe('tokens', () => {
  it('are read from the header only, never from the query string', async () => {
    expect((await admin.get(me)).status).toBe(200);
    const inQuery = await server.app.inject({ method: 'GET', url: `/jeecg-boot${me}?token=${encodeURIComponent(admin.token!)}` });
    expect(inQuery.statusCode).toBe(401);
    expect(JSON.stringify(inQuery.json())).not.toContain('"menu"');
  });

  it('end after the absolute lifetime however active the session is', async () => {
    const c = await account(server, admin, 'sess_old');
    expect((await c.get(me)).status).toBe(200);
    const jti = (await server.ctx.db.selectFrom('sys_user_token').select('id').where('username', '=', 'sess_old').executeTakeFirstOrThrow())
      .id;
    await server.ctx.db
      .updateTable('sys_user_token')
      .set({ create_time: formatDateTime(new Date(Date.now() - 25 * 3_600_000)), last_active: formatDateTime() })
      .where('id', '=', jti)
      .execute();
    server.ctx.tokens.forgetUser(
      (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'sess_old').executeTakeFirstOrThrow()).id,
    );
    expect((await c.get(me)).status).toBe(401);
  });
});

describe('passwords', () => {
  it('a changed password ends the account’s other sessions, not the one that changed it', async () => {
    const here = await account(server, admin, 'sess_two');
    const elsewhere = client(server, await login(server, 'sess_two', USER_PASSWORD));
    expect((await elsewhere.get(me)).status).toBe(200);
    const res = await here.put('/sys/user/updatePassword', {
      oldpassword: USER_PASSWORD,
      password: 'Moved2026pw',
      confirmpassword: 'Moved2026pw',
    });
    expect(res.body.success).toBe(true);
    expect((await elsewhere.get(me)).status).toBe(401);
    expect((await here.get(me)).status).toBe(200);
  });

  it('are never reset by GET (the code and the new password would sit in URLs)', async () => {
    const before = await storedHash('zhaomin');
    const res = await client(server).get('/sys/user/passwordChange', {
      username: 'zhaomin',
      password: 'Taken2026pw',
      smscode: '123456',
      phone: '13800000000',
    });
    expect(res.status).toBe(404);
    expect(await storedHash('zhaomin')).toBe(before);
  });

  it('are stored as Argon2id; a bcrypt hash is renewed at the next login', async () => {
    await account(server, admin, 'sess_hash');
    expect(await storedHash('sess_hash')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await server.ctx.db
      .updateTable('sys_user')
      .set({ password: await bcrypt.hash(USER_PASSWORD, 10) })
      .where('username', '=', 'sess_hash')
      .execute();
    expect(await storedHash('sess_hash')).toMatch(/^\$2[aby]\$/);
    expect(await login(server, 'sess_hash', USER_PASSWORD)).toBeTruthy();
    expect(await storedHash('sess_hash')).toMatch(/^\$argon2id\$/);
    expect(await login(server, 'sess_hash', USER_PASSWORD)).toBeTruthy();
  });

  it('refuses a common password with a clear message and keeps the old one', async () => {
    const c = await account(server, admin, 'sess_weak');
    const before = await storedHash('sess_weak');
    const res = await c.put('/sys/user/updatePassword', { oldpassword: USER_PASSWORD, password: 'Abcd1234', confirmpassword: 'Abcd1234' });
    expect(res.body).toMatchObject({ success: false, message: '密码过于常见，请换一个更安全的密码' });
    expect(await storedHash('sess_weak')).toBe(before);
  });
});
