import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SessionUser } from '../auth/token-service.js';
import { newId } from '../../db/ids.js';
import { BizError } from '../../http/envelope.js';
import { FORM_RULES, confirmPasswordRules, validateValue } from '../../../shared/form-rules.js';
import { assertNotCommon, hashPassword } from '../auth/password.js';
import { assertRolesAssignable, idList } from '../permission/grant-guard.js';
import { diff } from '../permission/grant-save.js';
import { USER_TEXT } from '../system/texts.js';
import { sameTenant } from '../tenant/tenant-scope.js';

/**
 * Checks a new password with the rules of spec 5.1 (8+ letters and digits, both required;
 * confirmation equal when given; not a common password) and returns its Argon2id hash. Throws
 * BizError with the spec's message.
 */
export async function newPasswordHash(password: unknown, confirm?: unknown): Promise<string> {
  const p = typeof password === 'string' ? password : '';
  const problem =
    validateValue(p, FORM_RULES.newPassword) ??
    (confirm !== undefined
      ? validateValue(
          confirm,
          confirmPasswordRules(() => p),
        )
      : null);
  if (problem) throw new BizError(problem);
  assertNotCommon(p);
  return hashPassword(p);
}

/**
 * Ends every session of the users (freeze, delete, password reset) but the session `keep` (a
 * user changing their own password stays signed in where they did it): the next call of the
 * ended ones answers 401.
 */
export async function endSessions(ctx: AppContext, db: Db, userIds: readonly string[], keep?: string): Promise<void> {
  if (!userIds.length) return;
  let q = db.deleteFrom('sys_user_token').where('user_id', 'in', [...userIds]);
  if (keep) q = q.where('id', '<>', keep);
  await q.execute();
  for (const id of userIds) ctx.tokens.forgetUser(id);
}

/**
 * Replaces the roles of user `userId` by `roleIds` (sys_user_role) inside `trx`, refusing to
 * change the caller's own roles and to give or take a role whose permissions the caller does
 * not hold (grant-guard.ts). Returns true when anything changed.
 */
export async function saveUserRoles(
  ctx: AppContext,
  trx: Db,
  actor: SessionUser,
  userId: string,
  roleIds: readonly string[],
): Promise<boolean> {
  const current = (await trx.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
  const { added, removed } = diff(current, roleIds);
  if (!added.length && !removed.length) return false;
  if (userId === actor.id) throw new BizError(USER_TEXT.cannotChangeOwnRoles);
  await assertRolesAssignable(ctx, trx, actor, [...added, ...removed]);
  // a role is given only from the request's tenant (tenant-scope.ts); others' may be taken away
  if (added.length) {
    const own = new Set(
      (await trx.selectFrom('sys_role').select('id').where('id', 'in', added).where(sameTenant(actor)).execute()).map((r) => r.id),
    );
    const foreign = added.find((id) => !own.has(id));
    if (foreign) throw new BizError(USER_TEXT.unknownRole(foreign));
  }
  if (removed.length) await trx.deleteFrom('sys_user_role').where('user_id', '=', userId).where('role_id', 'in', removed).execute();
  if (added.length)
    await trx
      .insertInto('sys_user_role')
      .values(added.map((roleId) => ({ id: newId(), user_id: userId, role_id: roleId })))
      .execute();
  return true;
}

/**
 * Replaces the departments of `userId` by `departIds` (sys_user_depart); unknown ids are
 * refused, and with `actor` so are departments newly given from outside the request's tenant
 * (tenant-scope.ts; ones the user already has may stay). Keeps the user's current orgCode when
 * still one of them, else the first one's.
 */
export async function saveUserDeparts(
  trx: Db,
  userId: string,
  departIds: readonly string[],
  actor?: Pick<SessionUser, 'tenantId'>,
): Promise<void> {
  const departs = departIds.length
    ? await trx
        .selectFrom('sys_depart')
        .select(['id', 'org_code', sql<boolean>`${actor ? sameTenant(actor) : sql`true`}`.as('mine')])
        .where('id', 'in', [...departIds])
        .execute()
    : [];
  const missing = departIds.find((id) => !departs.some((d) => d.id === id));
  if (missing) throw new BizError(USER_TEXT.unknownDepart(missing));
  const held = new Set(
    (await trx.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute()).map((r) => r.dep_id),
  );
  const foreign = departs.find((d) => !d.mine && !held.has(d.id));
  if (foreign) throw new BizError(USER_TEXT.unknownDepart(foreign.id));
  await trx.deleteFrom('sys_user_depart').where('user_id', '=', userId).execute();
  if (departIds.length)
    await trx
      .insertInto('sys_user_depart')
      .values(departIds.map((dep) => ({ id: newId(), user_id: userId, dep_id: dep })))
      .execute();
  const user = await trx.selectFrom('sys_user').select('org_code').where('id', '=', userId).executeTakeFirst();
  const codes = departIds.map((id) => departs.find((d) => d.id === id)!.org_code);
  if (!user?.org_code || !codes.includes(user.org_code)) {
    await trx
      .updateTable('sys_user')
      .set({ org_code: codes[0] ?? null })
      .where('id', '=', userId)
      .execute();
  }
}

/** Replaces the organisation units of `userId` (sys_user_os); unknown ids are refused. */
export async function saveUserOss(trx: Db, userId: string, osIds: readonly string[]): Promise<void> {
  const oss = osIds.length
    ? await trx
        .selectFrom('sys_os')
        .select(['id', 'os_code'])
        .where('id', 'in', [...osIds])
        .where('del_flag', '=', '0')
        .execute()
    : [];
  const missing = osIds.find((id) => !oss.some((o) => o.id === id));
  if (missing) throw new BizError(USER_TEXT.unknownOs(missing));
  await trx.deleteFrom('sys_user_os').where('user_id', '=', userId).execute();
  if (osIds.length)
    await trx
      .insertInto('sys_user_os')
      .values(osIds.map((os) => ({ id: newId(), user_id: userId, os_id: os })))
      .execute();
  const user = await trx.selectFrom('sys_user').select('os_code').where('id', '=', userId).executeTakeFirst();
  const codes = osIds.map((id) => oss.find((o) => o.id === id)!.os_code);
  if (!user?.os_code || !codes.includes(user.os_code))
    await trx
      .updateTable('sys_user')
      .set({ os_code: codes[0] ?? null })
      .where('id', '=', userId)
      .execute();
}

/** Position codes of a comma list, each checked against sys_position; returns them comma-joined or null. */
export async function checkedPositions(db: Db, raw: unknown): Promise<string | null> {
  const codes = idList(raw, 50);
  if (!codes.length) return null;
  const found = await db.selectFrom('sys_position').select('code').where('code', 'in', codes).execute();
  const missing = codes.find((c) => !found.some((f) => f.code === c));
  if (missing) throw new BizError(USER_TEXT.unknownPosition(missing));
  return codes.join(',');
}

/**
 * Throws BizError when another live user already has the value in `column` (phone, email,
 * work_no): JeecgBoot keeps those unique among users.
 */
export async function assertUniqueUserValue(
  db: Db,
  column: 'phone' | 'email' | 'work_no',
  value: unknown,
  exceptId: string | null,
): Promise<void> {
  if (typeof value !== 'string' || !value.trim()) return;
  let q = db.selectFrom('sys_user').select('id').where(column, '=', value.trim()).where('del_flag', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst())
    throw new BizError(column === 'phone' ? USER_TEXT.phoneTaken : column === 'email' ? USER_TEXT.emailTaken : USER_TEXT.workNoTaken);
}
