import { createRequire } from 'node:module';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/tables.js';
import { inTransaction } from '../db/transaction.js';

/** china-area-data's data.json: parent code → { child code → name }; '86' holds the provinces. */
type AreaData = Record<string, Record<string, string>>;

const ROOT = '86';
const BATCH = 500;

/**
 * Flattens china-area-data into sys_area rows (provinces under pid '86', cities under their
 * province, districts under their city), breadth-first from the root. The package lists a few
 * codes under two parents (Taiwan districts); the first occurrence wins.
 */
export function areaRows(data: AreaData): Insertable<Database['sys_area']>[] {
  const rows: Insertable<Database['sys_area']>[] = [];
  const seen = new Set<string>();
  const queue = [ROOT];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    for (const [id, text] of Object.entries(data[pid] ?? {})) {
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push({ id, text, pid });
      if (data[id]) queue.push(id);
    }
  }
  return rows;
}

/**
 * Fills `sys_area(id, text, pid)` (the `pca` widget's provinces, cities and districts) from the
 * npm package china-area-data, 500 rows per insert inside one transaction.
 * @param db the open database (migrations applied; sys_area expected empty)
 * @returns the number of rows inserted (≈3,800)
 * @throws database errors (e.g. rows already present) after rolling the transaction back
 */
export async function seedArea(db: Db): Promise<number> {
  const require = createRequire(import.meta.url);
  const rows = areaRows(require('china-area-data/data.json') as AreaData);
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await trx
        .insertInto('sys_area')
        .values(rows.slice(i, i + BATCH))
        .execute();
  });
  return rows.length;
}
