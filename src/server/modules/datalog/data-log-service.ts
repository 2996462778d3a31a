import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { formatDateTime } from '../../../shared/time.js';

type Row = Record<string, unknown>;

/** A snapshot as JSON text: column → value, in the row's column order. */
const snapshot = (row: Row): string => JSON.stringify(row);

/**
 * Keeps the versions of one edited business record in sys_data_log (spec 7.2
 * data log): on the record's first edit its previous state becomes version 1; every edit then
 * adds the new state as the next version. Call it inside the edit's transaction, after the
 * update, with the row as it was and as it is now; the record's row lock (select … for update)
 * orders concurrent edits, and the unique (table, id, version) index refuses a duplicate.
 */
export async function keepDataVersions(
  trx: Db,
  e: { table: string; id: string; previous: Row; current: Row; username: string },
): Promise<void> {
  const last = await trx
    .selectFrom('sys_data_log')
    .select(sql<number | null>`max(data_version)`.as('v'))
    .where('data_table', '=', e.table)
    .where('data_id', '=', e.id)
    .executeTakeFirst();
  let version = Number(last?.v ?? 0);
  const now = formatDateTime();
  const rows = [];
  if (version === 0) rows.push({ content: snapshot(e.previous), version: ++version });
  rows.push({ content: snapshot(e.current), version: ++version });
  await trx
    .insertInto('sys_data_log')
    .values(
      rows.map((r) => ({
        id: newId(),
        data_table: e.table,
        data_id: e.id,
        data_content: r.content,
        data_version: r.version,
        create_by: e.username,
        create_time: now,
        update_by: null,
        update_time: null,
      })),
    )
    .execute();
}

/**
 * The data-log step of a generic edit (online/record-service.ts): reads the record's
 * `columns` as they are after the update and keeps both versions (see keepDataVersions).
 * Only business tables (schema-owned) are logged; system tables (tableSource 'migration',
 * e.g. users with password hashes) never are. Runs inside the edit's transaction.
 */
export async function logEditedRecord(
  trx: Db,
  e: { table: string; tableSource?: string; columns: string[]; id: string; previous: Row; username: string },
): Promise<void> {
  if (e.tableSource === 'migration') return;
  const cols = sql.join(e.columns.map((c) => sql.ref(c)));
  const current = (await sql<Row>`select ${cols} from ${sql.table(e.table)} where id = ${e.id}`.execute(trx)).rows[0];
  if (current) await keepDataVersions(trx, { table: e.table, id: e.id, previous: e.previous, current, username: e.username });
}
