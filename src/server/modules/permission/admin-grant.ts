import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { formatDateTime } from '../../../shared/time.js';

/**
 * Grants the permissions `ids` (sys_permission ids) to the admin role, when that role exists, in
 * `trx`: a new menu entry or button is held by admin first, so it can be granted onwards (nobody
 * grants what they do not hold). The caller drops the cached grants after the commit.
 */
export async function grantToAdmin(trx: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirst();
  if (!admin) return;
  await trx
    .insertInto('sys_role_permission')
    .values(
      ids.map((id) => ({
        id: newId(),
        role_id: admin.id,
        permission_id: id,
        data_rule_ids: null,
        operate_date: formatDateTime(),
        operate_ip: null,
      })),
    )
    .execute();
}

/**
 * Grants each new button of `buttons` (sys_permission rows, menu_type 2) to every role holding
 * its page (parent_id), in `trx`, skipping the roles that hold it already. For pages whose
 * buttons belong to whoever holds the page (the workflow task pages every role holds): a
 * button added by an upgrade then reaches the roles that had the page, not the admin alone.
 */
export async function grantToPageHolders(trx: Db, buttons: readonly { id: string; parent_id: string | null }[]): Promise<void> {
  for (const b of buttons) {
    if (!b.parent_id) continue;
    const holders = await trx
      .selectFrom('sys_role_permission as rp')
      .select('rp.role_id')
      .distinct()
      .where('rp.permission_id', '=', b.parent_id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('sys_role_permission as own')
              .select('own.id')
              .whereRef('own.role_id', '=', 'rp.role_id')
              .where('own.permission_id', '=', b.id),
          ),
        ),
      )
      .execute();
    if (!holders.length) continue;
    await trx
      .insertInto('sys_role_permission')
      .values(
        holders.map((h) => ({
          id: newId(),
          role_id: h.role_id,
          permission_id: b.id,
          data_rule_ids: null,
          operate_date: formatDateTime(),
          operate_ip: null,
        })),
      )
      .execute();
  }
}
