import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD } from '../server/harness.js';
import { account, client, login, type Client } from './helpers.js';
import { startSecurityServer } from './helpers.js';

// Class 3, admin accounts protected: a user administrator with every user button cannot take
// over, lock out or delete an account holding permissions they do not hold.
let server: StartedServer;
let admin: Client;
let uadmin: Client;
const STRONGER = '不能修改、冻结或删除权限多于自己的用户';

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
  uadmin = await account(server, admin, 'uadmin02', {
    menus: ['/isystem/user'],
    buttons: ['system:user:edit', 'system:user:delete', 'system:user:password', 'system:user:frozen'],
  });
  await account(server, admin, 'victim01');
});
afterAll(async () => server?.close());

const adminRow = () =>
  server.ctx.db
    .selectFrom('sys_user')
    .select(['id', 'status', 'del_flag', 'phone'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();

describe('a user administrator cannot act on a stronger account', () => {
  it('manages a weaker account (the buttons work)', async () => {
    const res = await uadmin.put('/sys/user/changePassword', {
      username: 'victim01',
      password: 'Newpass2026x',
      confirmpassword: 'Newpass2026x',
    });
    expect(res.body.success).toBe(true);
  });

  it('cannot reset the admin password; the old one still signs in', async () => {
    const res = await uadmin.put('/sys/user/changePassword', {
      username: 'admin',
      password: 'Owned2026xx',
      confirmpassword: 'Owned2026xx',
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(STRONGER);
    expect(await login(server, 'admin', ADMIN_PASSWORD)).toBeTruthy();
  });

  it('cannot freeze, edit or delete the admin', async () => {
    const { id } = await adminRow();
    expect((await uadmin.put('/sys/user/freeze', { id })).body.message).toContain(STRONGER);
    expect((await uadmin.put('/sys/user/frozenBatch', { ids: id, status: '2' })).body.message).toContain(STRONGER);
    expect((await uadmin.put('/sys/user/edit', { id, phone: '13900000000' })).body.message).toContain(STRONGER);
    expect((await uadmin.del('/sys/user/delete', { id })).body.message).toContain(STRONGER);
    const after = await adminRow();
    expect(after).toMatchObject({ status: 1, del_flag: 0 });
    expect(after.phone).not.toBe('13900000000');
  });
});
