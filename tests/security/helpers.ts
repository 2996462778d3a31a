import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import type { StartedServer } from '../../src/server/start.js';
import { newId } from '../../src/server/db/ids.js';
import { client, login, startTestServer } from '../server/harness.js';
import { createUser, USER_PASSWORD } from '../server/sys-admin-helpers.js';
import { grantRole } from '../server/ops-helpers.js';

/** Helpers of the attack tests: a server with the fixture screens, attacker accounts, planted rows. */

export type Client = ReturnType<typeof client>;

/** Starts a full server on an isolated database with the fixture screens of tests/security/schemas (and config `overrides`). */
export async function startSecurityServer(overrides: Partial<ServerConfig> = {}): Promise<StartedServer> {
  return startTestServer({ schemasDirs: [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas')], ...overrides });
}

/** The menu url of a fixture screen. */
export const menuOf = (screenId: string) => `/online/cgformList/${screenId}`;

/**
 * Creates a user through the admin API holding exactly the menus `menus` (and buttons), and
 * optionally the tenants `tenants`; returns a signed-in client (with `tenant-id` when `header`).
 */
export async function account(
  server: StartedServer,
  admin: Client,
  username: string,
  opts: { menus?: string[]; buttons?: string[]; tenants?: number[] } = {},
): Promise<Client> {
  await createUser(admin, username);
  if (opts.menus?.length || opts.buttons?.length) await grantRole(server, username, opts.menus ?? [], opts.buttons ?? []);
  if (opts.tenants)
    await server.ctx.db
      .updateTable('sys_user')
      .set({ rel_tenant_ids: opts.tenants.join(',') })
      .where('username', '=', username)
      .execute();
  return client(server, await login(server, username, USER_PASSWORD));
}

/** A client of the same token sending the `tenant-id` header on every call. */
export function inTenant(c: Client, tenant: number) {
  const headers = { 'tenant-id': String(tenant) };
  return {
    get: (url: string, query?: Record<string, string | number>) => c.raw('GET', url, { query, headers }),
    post: (url: string, body?: unknown) => c.raw('POST', url, { body, headers }),
    put: (url: string, body?: unknown) => c.raw('PUT', url, { body, headers }),
    del: (url: string, query?: Record<string, string | number>) => c.raw('DELETE', url, { query, headers }),
  };
}

/** Inserts a row straight into a table (the attack's target), returning its id. */
export async function plant(server: StartedServer, table: string, row: Record<string, unknown>): Promise<string> {
  const id = (row.id as string) ?? newId();
  const values: Record<string, unknown> = { id, ...row };
  const cols = Object.keys(values);
  await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(cols.map((c) => values[c]))})`.execute(
    server.ctx.db,
  );
  return id;
}

/** Adds an active data rule `column op value` to the menu `menuUrl` for every role of `username` holding it. */
export async function addDataRule(server: StartedServer, username: string, menuUrl: string, column: string, op: string, value: string) {
  const db = server.ctx.db;
  const menu = await db.selectFrom('sys_permission').select('id').where('url', '=', menuUrl).executeTakeFirstOrThrow();
  const ruleId = newId();
  await db
    .insertInto('sys_permission_data_rule')
    .values({
      id: ruleId,
      permission_id: menu.id,
      rule_name: 'test rule',
      rule_column: column,
      rule_conditions: op,
      rule_value: value,
      status: '1',
      create_by: 'admin',
      create_time: null,
      update_by: null,
      update_time: null,
    } as never)
    .execute();
  const user = await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  await sql`update sys_role_permission set data_rule_ids = ${ruleId} where permission_id = ${menu.id}
    and role_id in (select role_id from sys_user_role where user_id = ${user.id})`.execute(db);
  server.ctx.perms.invalidate();
}

/** The answer as text, to assert nothing of a secret leaked anywhere in it. */
export const leaked = (body: unknown, ...secrets: string[]) => secrets.filter((s) => JSON.stringify(body).includes(s));

export { client, login, USER_PASSWORD };
