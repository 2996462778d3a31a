import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/tables.js';
import { newId } from '../db/ids.js';
import { formatDateTime } from '../../shared/time.js';
import { SYSTEM_DICTS, type DictDef } from './dicts-system.js';
import { BUSINESS_DICTS } from './dicts-business.js';
import { inTransaction } from '../db/transaction.js';

export type { DictDef } from './dicts-system.js';
export { SYSTEM_DICTS } from './dicts-system.js';
export { BUSINESS_DICTS } from './dicts-business.js';

/** Every dictionary the first start seeds: system ones first, then the business ones. */
export const ALL_DICTS: readonly DictDef[] = [...SYSTEM_DICTS, ...BUSINESS_DICTS];

/**
 * Seeds `sys_dict` and `sys_dict_item` with {@link ALL_DICTS} (api-contract §5.5,
 * business-screens.md §2.1): status 1, sort_order = listed order (1-based), created by
 * `admin` now. Dictionaries whose code already exists are skipped, so a re-run adds only
 * missing ones. Runs in one transaction; a database error rolls everything back and rethrows.
 * @param db the open database (migrations applied)
 */
export async function seedDicts(db: Db): Promise<void> {
  const now = formatDateTime();
  await inTransaction(db, async (trx) => {
    const existing = new Set((await trx.selectFrom('sys_dict').select('dict_code').execute()).map((r) => r.dict_code));
    const dictRows: Insertable<Database['sys_dict']>[] = [];
    const itemRows: Insertable<Database['sys_dict_item']>[] = [];
    for (const def of ALL_DICTS) {
      if (existing.has(def.code)) continue;
      const dictId = newId();
      dictRows.push({
        id: dictId,
        dict_name: def.name,
        dict_code: def.code,
        description: def.description ?? null,
        del_flag: 0,
        type: 0,
        create_by: 'admin',
        create_time: now,
        update_by: null,
        update_time: null,
      });
      def.items.forEach(([value, text], i) => {
        itemRows.push({
          id: newId(),
          dict_id: dictId,
          item_text: text,
          item_value: value,
          description: null,
          sort_order: i + 1,
          status: 1,
          create_by: 'admin',
          create_time: now,
          update_by: null,
          update_time: null,
        });
      });
    }
    for (let i = 0; i < dictRows.length; i += 500)
      await trx
        .insertInto('sys_dict')
        .values(dictRows.slice(i, i + 500))
        .execute();
    for (let i = 0; i < itemRows.length; i += 500) {
      await trx
        .insertInto('sys_dict_item')
        .values(itemRows.slice(i, i + 500))
        .execute();
    }
  });
}
