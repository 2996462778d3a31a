import { sql } from 'kysely';
import type { StartedServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD, client, login } from './harness.js';

/** Helpers of the system-administration tests: ids from the seeded database, roles and users made through the API. */

export type Client = ReturnType<typeof client>;

/** The id of the live permission row with this url (menus) or perms code (buttons). */
export async function permId(server: StartedServer, urlOrCode: string): Promise<string> {
  const row = await server.ctx.db
    .selectFrom('sys_permission')
    .select('id')
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([eb('url', '=', urlOrCode), eb.and([eb('menu_type', '=', 2), eb('perms', '=', urlOrCode)])]))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ids for several urls or codes. */
export const permIds = (server: StartedServer, keys: string[]) => Promise.all(keys.map((k) => permId(server, k)));

/** The id of a seeded role by code. */
export async function roleId(server: StartedServer, code: string): Promise<string> {
  return (await server.ctx.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
}

/** The id of a department by orgCode. */
export async function departId(server: StartedServer, orgCode: string): Promise<string> {
  return (await server.ctx.db.selectFrom('sys_depart').select('id').where('org_code', '=', orgCode).executeTakeFirstOrThrow()).id;
}

/** Creates a role through /sys/role/add and returns its id. */
export async function createRole(admin: Client, roleCode: string, roleName = roleCode): Promise<string> {
  const res = await admin.post('/sys/role/add', { roleCode, roleName });
  if (!res.body.success) throw new Error(`role ${roleCode}: ${res.body.message}`);
  return res.body.result as string;
}

/** The password of users the tests create (spec 5.1: 8+ letters and digits). */
export const USER_PASSWORD = 'Test2026pass';

/** Creates a user (password USER_PASSWORD) with roles and departments through /sys/user/add; returns its id. */
export async function createUser(
  admin: Client,
  username: string,
  opts: { roles?: string[]; departs?: string[]; realname?: string } = {},
): Promise<string> {
  const res = await admin.post('/sys/user/add', {
    username,
    realname: opts.realname ?? username,
    password: USER_PASSWORD,
    selectedroles: (opts.roles ?? []).join(','),
    selecteddeparts: (opts.departs ?? []).join(','),
  });
  if (!res.body.success) throw new Error(`user ${username}: ${res.body.message}`);
  return res.body.result as string;
}

/** Signs in (seeded users have ADMIN_PASSWORD, users the tests make USER_PASSWORD) and returns a client. */
export async function signedIn(server: StartedServer, username: string, password = ADMIN_PASSWORD): Promise<Client> {
  return client(server, await login(server, username, password));
}

/** Row count of a table (optionally filtered by one column). */
export async function count(server: StartedServer, table: string, column?: string, value?: string): Promise<number> {
  const where = column ? sql`where ${sql.ref(column)} = ${value}` : sql``;
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} ${where}`.execute(server.ctx.db);
  return Number(r.rows[0].n);
}

export { ADMIN_PASSWORD };
