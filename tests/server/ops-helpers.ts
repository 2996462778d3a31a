import { newId } from '../../src/server/db/ids.js';
import type { StartedServer } from '../../src/server/start.js';

/**
 * Gives `username` a new role holding exactly the menus with urls `menuUrls` and the buttons
 * with codes `buttons` (besides the roles it already has). Used by the tests items
 * 9–10 to build "may read but not write" users. Throws when a url or code does not exist.
 */
export async function grantRole(server: StartedServer, username: string, menuUrls: string[], buttons: string[] = []): Promise<void> {
  const db = server.ctx.db;
  const user = await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const roleId = newId();
  await db
    .insertInto('sys_role')
    .values({
      id: roleId,
      role_name: `测试角色${roleId}`,
      role_code: `t_${roleId}`,
      description: null,
      tenant_id: 0,
      create_by: 'admin',
      create_time: null,
      update_by: null,
      update_time: null,
    })
    .execute();
  await db.insertInto('sys_user_role').values({ id: newId(), user_id: user.id, role_id: roleId }).execute();
  const ids: string[] = [];
  for (const url of menuUrls)
    ids.push((await db.selectFrom('sys_permission').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id);
  for (const code of buttons)
    ids.push(
      (await db.selectFrom('sys_permission').select('id').where('perms', '=', code).where('menu_type', '=', 2).executeTakeFirstOrThrow())
        .id,
    );
  if (ids.length)
    await db
      .insertInto('sys_role_permission')
      .values(
        ids.map((pid) => ({ id: newId(), role_id: roleId, permission_id: pid, data_rule_ids: null, operate_date: null, operate_ip: null })),
      )
      .execute();
  server.ctx.perms.invalidate();
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it returns true or `timeoutMs` passes; returns the last result. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

/**
 * Grants every role `username` already holds the permissions (menus or buttons) whose url or
 * code is one of `keys`; keys matching nothing are skipped.
 */
export async function grantToUserRoles(server: StartedServer, username: string, keys: string[]): Promise<void> {
  const db = server.ctx.db;
  const perms = await db
    .selectFrom('sys_permission')
    .select('id')
    .where((eb) => eb.or([eb('url', 'in', keys), eb('perms', 'in', keys)]))
    .execute();
  const roles = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .select('ur.role_id')
    .where('u.username', '=', username)
    .execute();
  for (const r of roles)
    await db
      .insertInto('sys_role_permission')
      .values(
        perms.map((p) => ({
          id: newId(),
          role_id: r.role_id,
          permission_id: p.id,
          data_rule_ids: null,
          operate_date: null,
          operate_ip: null,
        })),
      )
      .execute();
}
