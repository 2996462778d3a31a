import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { SessionUser } from '../auth/token-service.js';
import { assertCanGrant } from './grant-guard.js';

/** added = wanted − current, removed = current − wanted (the server's own state, never the client's `lastpermissionIds`). */
export function diff(current: Iterable<string>, wanted: Iterable<string>): { added: string[]; removed: string[] } {
  const cur = new Set(current);
  const want = new Set(wanted);
  return { added: [...want].filter((id) => !cur.has(id)), removed: [...cur].filter((id) => !want.has(id)) };
}

/** The tables that link an owner (role, department, organisation unit, department role) to permissions. */
export type GrantTable = 'sys_role_permission' | 'sys_depart_permission' | 'sys_os_permission' | 'sys_depart_role_permission';

/** The permission set of one owner, as a save sees it. */
export interface GrantSet {
  table: GrantTable;
  /** The owner's column in `table` and its id. */
  ownerColumn: 'role_id' | 'depart_id' | 'os_id';
  ownerId: string;
  /** Further columns of each new link row (operate_date, operate_ip, depart_id …). */
  extra?: () => Record<string, string | null>;
  /** Refuses added permissions before the caller's grant check (throws BizError). */
  vetAdded?: (added: string[]) => Promise<void>;
  /** Runs after the removed links are deleted, in the same transaction. */
  afterRemove?: (removed: string[]) => Promise<void>;
}

/**
 * Makes `set`'s owner hold exactly `wanted` (spec 7.2 save*Permission, api-contract §3.2): the
 * change is computed from the stored links, the caller must hold every added and removed
 * permission (grant-guard.ts: nothing is written otherwise), removed links are deleted and
 * added ones inserted with no data rule. Runs on the transaction `trx`; the caller drops the
 * grant caches after commit.
 */
export async function saveGrantSet(ctx: AppContext, trx: Db, user: SessionUser, wanted: readonly string[], set: GrantSet): Promise<void> {
  // one statement shape over four link tables of the same layout
  const links = trx as unknown as Kysely<Record<GrantTable, Record<string, string | null>>>;
  const current = (await links.selectFrom(set.table).select('permission_id').where(set.ownerColumn, '=', set.ownerId).execute()).map((r) =>
    String(r.permission_id),
  );
  const { added, removed } = diff(current, wanted);
  await set.vetAdded?.(added);
  await assertCanGrant(ctx, trx, user, added);
  await assertCanGrant(ctx, trx, user, removed, true);
  if (removed.length) {
    await links.deleteFrom(set.table).where(set.ownerColumn, '=', set.ownerId).where('permission_id', 'in', removed).execute();
    await set.afterRemove?.(removed);
  }
  if (added.length)
    await links
      .insertInto(set.table)
      .values(
        added.map((pid) => ({ id: newId(), [set.ownerColumn]: set.ownerId, permission_id: pid, data_rule_ids: null, ...set.extra?.() })),
      )
      .execute();
}
