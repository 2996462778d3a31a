import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SessionUser } from '../auth/token-service.js';
import { BizError } from '../../http/envelope.js';
import { VARIANT_MARKERS } from '../../seed/menus.js';
import { PERMISSION_TEXT, ROLE_TEXT, USER_TEXT } from '../system/texts.js';

/**
 * "Nobody can grant what they do not hold or change their own roles" (docs/architecture.md
 * "Permission model"), made precise:
 * - granting or revoking a permission (to a role, a department role, a department's or an OS's
 *   permission set) needs the caller to hold that permission through their own roles; the
 *   product-variant markers (spec 1) are exempt, since they only choose the logo title and
 *   guard nothing;
 * - giving a role to a user or taking it away needs the caller to hold every permission of
 *   that role (so a user administrator cannot hand out the admin role);
 * - nobody may change their own role assignments nor the permissions or data rules of a role
 *   they hold (their own access would change).
 * Refusals are business rules with a clear message (HTTP 200, code 500); nothing is written.
 */

const MARKERS = new Set<string>(VARIANT_MARKERS.map((m) => m.perms));

/** True for a product-variant marker row (a button whose perms is user:oa …). */
export function isVariantMarker(p: { menu_type: number | null; perms: string | null }): boolean {
  return p.menu_type === 2 && !!p.perms && MARKERS.has(p.perms);
}

/**
 * Throws BizError unless the caller may grant or revoke every permission in `ids`: each must
 * exist and be held by the caller (or be a variant marker). `allowMissing` skips ids whose row
 * no longer exists (revoking a dangling link).
 */
export async function assertCanGrant(
  ctx: AppContext,
  db: Db,
  user: SessionUser,
  ids: readonly string[],
  allowMissing = false,
): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .selectFrom('sys_permission')
    .select(['id', 'name', 'perms', 'menu_type'])
    .where('id', 'in', [...ids])
    .execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length && !allowMissing) throw new BizError(PERMISSION_TEXT.unknownIds(missing.slice(0, 5).join(',')));
  const grants = await ctx.perms.grantsOf(user.id, db);
  const unheld = rows.filter((r) => !grants.ids.has(r.id) && !isVariantMarker(r));
  if (unheld.length)
    throw new BizError(
      ROLE_TEXT.cannotGrantUnheld(
        unheld
          .slice(0, 5)
          .map((r) => r.name ?? r.id)
          .join('、'),
      ),
    );
}

/** Role ids the user holds directly (sys_user_role). */
export async function rolesOf(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.role_id));
}

/** Throws BizError when the caller holds `roleId` (its permissions would change the caller's own access). */
export async function assertNotOwnRole(db: Db, user: SessionUser, roleId: string): Promise<void> {
  if ((await rolesOf(db, user.id)).has(roleId)) throw new BizError(ROLE_TEXT.cannotEditOwnRolePermissions);
}

/**
 * Throws BizError unless the caller may give or take away each role of `roleIds`: the caller
 * holds every permission of the role (variant markers exempt). Unknown role ids are refused.
 */
export async function assertRolesAssignable(ctx: AppContext, db: Db, user: SessionUser, roleIds: readonly string[]): Promise<void> {
  if (!roleIds.length) return;
  const roles = await db
    .selectFrom('sys_role')
    .select(['id', 'role_name', 'role_code'])
    .where('id', 'in', [...roleIds])
    .execute();
  const known = new Set(roles.map((r) => r.id));
  const missing = roleIds.find((id) => !known.has(id));
  if (missing) throw new BizError(USER_TEXT.unknownRole(missing));
  const grants = await ctx.perms.grantsOf(user.id, db);
  const links = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select(['rp.role_id', 'p.id', 'p.menu_type', 'p.perms'])
    .where('rp.role_id', 'in', [...roleIds])
    .where('p.del_flag', '=', 0)
    .execute();
  for (const l of links) {
    if (grants.ids.has(l.id) || isVariantMarker(l)) continue;
    const role = roles.find((r) => r.id === l.role_id);
    throw new BizError(ROLE_TEXT.cannotAssignRole(role?.role_name ?? role?.role_code ?? l.role_id));
  }
}

/** Splits a comma list of ids ('a,b,' → ['a','b']), trimmed, de-duplicated, at most `max`. */
export function idList(raw: unknown, max = 5000): string[] {
  const s = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  return [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ].slice(0, max);
}

/**
 * Throws BizError unless the caller may give or take away each department role of `droleIds`:
 * the caller holds every permission of that department role (variant markers exempt).
 */
export async function assertDeptRolesAssignable(ctx: AppContext, db: Db, user: SessionUser, droleIds: readonly string[]): Promise<void> {
  if (!droleIds.length) return;
  const grants = await ctx.perms.grantsOf(user.id, db);
  const links = await db
    .selectFrom('sys_depart_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .innerJoin('sys_depart_role as r', 'r.id', 'rp.role_id')
    .select(['r.role_name', 'r.role_code', 'p.id', 'p.menu_type', 'p.perms'])
    .where('rp.role_id', 'in', [...droleIds])
    .where('p.del_flag', '=', 0)
    .execute();
  const bad = links.find((l) => !grants.ids.has(l.id) && !isVariantMarker(l));
  if (bad) throw new BizError(ROLE_TEXT.cannotAssignRole(bad.role_name ?? bad.role_code));
}
