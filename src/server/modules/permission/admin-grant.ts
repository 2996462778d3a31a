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
