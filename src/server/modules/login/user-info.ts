import type { Db } from '../../db/connection.js';
import type { SysUser } from '../../db/tables.js';
import { camelRow } from '../../http/case.js';

/** Columns never sent to a client (api-contract §1.8: password and salt are write-only). */
export const SECRET_USER_COLUMNS = ['password', 'login_fail_count', 'lock_until'] as const;

/** The SysUser object of the login payload (camelCase, secrets left out). */
export function userInfoOf(user: SysUser): Record<string, unknown> {
  return camelRow(user, SECRET_USER_COLUMNS);
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
