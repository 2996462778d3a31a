import type { Db } from '../../db/connection.js';
import type { SysUser } from '../../db/tables-org.js';
import { camelRow } from '../../http/case.js';

/** Columns never sent to a client (api-contract §1.8: password and salt are write-only). */
export const SECRET_USER_COLUMNS = ['password', 'login_fail_count', 'lock_until'] as const;

/**
 * The SysUser object of the login payload (camelCase, secrets left out) plus `departName`, the
 * name of the user's current department (`orgCode`) among `departs` (departsOf), null when the
 * user belongs to none of them (spec 3 "Session and user info").
 */
export function userInfoOf(user: SysUser, departs: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  const current = departs.find((d) => d.orgCode === user.org_code);
  return { ...camelRow(user, SECRET_USER_COLUMNS), departName: current?.departName ?? null };
}

/** Departments a user belongs to, as SysDepart objects ordered by orgCode. */
export async function departsOf(db: Db, userId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .selectAll('d')
    .where('ud.user_id', '=', userId)
    .orderBy('d.org_code')
    .execute();
  return rows.map((r) => camelRow(r));
}
