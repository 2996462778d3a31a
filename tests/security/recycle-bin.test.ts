import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { account, client, login, startSecurityServer, USER_PASSWORD, type Client } from './helpers.js';

// Class 3, the users' recycle bin (回收站): deleted users are listed and restored or removed for
// good only by holders of the user-delete button, never one stronger than the caller.
let server: StartedServer;
let admin: Client;
let uadmin: Client; // 用户管理 with the delete button, fewer permissions than admin
let outsider: Client;
const STRONGER = '不能修改、冻结或删除权限多于自己的用户';

const idOf = async (username: string) =>
  (await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const delFlag = async (username: string) =>
  (await server.ctx.db.selectFrom('sys_user').select('del_flag').where('username', '=', username).executeTakeFirst())?.del_flag;

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
  uadmin = await account(server, admin, 'bin_admin', { menus: ['/isystem/user'], buttons: ['system:user:delete'] });
  outsider = await account(server, admin, 'bin_outsider');
  await account(server, admin, 'bin_weak');
  await account(server, admin, 'bin_strong', { menus: ['/isystem/user', '/isystem/role'] });
  for (const u of ['bin_weak', 'bin_strong']) expect((await admin.del('/sys/user/delete', { id: await idOf(u) })).body.success).toBe(true);
});
afterAll(async () => server?.close());

describe('recycle bin', () => {
  it('lists the deleted users to a holder of the delete button, to nobody else', async () => {
    const list = await uadmin.get('/sys/user/recycleBin');
    expect((list.body.result as { username: string }[]).map((u) => u.username)).toEqual(expect.arrayContaining(['bin_weak', 'bin_strong']));
    expect(JSON.stringify(list.body)).not.toContain('password');
    expect((await outsider.get('/sys/user/recycleBin')).status).toBe(403);
    expect((await outsider.put('/sys/user/putRecycleBin', { userIds: await idOf('bin_weak') })).status).toBe(403);
    expect(await delFlag('bin_weak')).toBe(1);
  });

  it('a stronger deleted user is neither restored nor removed by a weaker administrator', async () => {
    const id = await idOf('bin_strong');
    for (const res of [
      await uadmin.put('/sys/user/putRecycleBin', { userIds: id }),
      await uadmin.del('/sys/user/deleteRecycleBin', { userIds: id }),
    ]) {
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(`${STRONGER}：bin_strong`);
    }
    expect(await delFlag('bin_strong')).toBe(1);
  });

  it('restores a deleted user, who signs in again; a live user is no recycle-bin target', async () => {
    expect((await client(server).post('/sys/login', { username: 'bin_weak', password: USER_PASSWORD })).body.success).toBe(false);
    expect((await uadmin.put('/sys/user/putRecycleBin', { userIds: await idOf('bin_weak') })).body).toMatchObject({
      success: true,
      message: '还原成功',
    });
    expect(await login(server, 'bin_weak', USER_PASSWORD)).toBeTruthy();
    expect((await uadmin.del('/sys/user/deleteRecycleBin', { userIds: await idOf('bin_weak') })).body.success).toBe(false);
    expect(await delFlag('bin_weak')).toBe(0);
  });

  it('removes a deleted user for good', async () => {
    const id = await idOf('bin_strong');
    expect((await admin.del('/sys/user/deleteRecycleBin', { userIds: id })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await delFlag('bin_strong')).toBeUndefined();
    expect(await server.ctx.db.selectFrom('sys_user_role').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });
});
