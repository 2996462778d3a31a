import { sql } from 'kysely';
import type { Db } from './connection.js';

/**
 * Storage parameters of the engine's GIN (pg_trgm) indexes: a pending list of at most 256 kB.
 * A GIN index collects new entries in an unsorted pending list that every search reads in full;
 * it is merged only by (auto)vacuum or once it outgrows the limit (4 MB by default). The
 * embedded database has no autovacuum, so with the default a `like` search on the 100,000-row
 * bench table read 372 pending pages (index scan 3.4 ms instead of 0.2 ms). 256 kB keeps that
 * read under ~0.3 ms while bulk inserts still merge in batches (10,000 rows: ~0.5 s, against
 * ~1.8 s with fastupdate off).
 */
export const GIN_WITH = 'with (gin_pending_list_limit = 256)';

/**
 * Statistics target of the columns behind GIN indexes. With the default (100) ANALYZE judges
 * `like '%abc%'` from 100 sampled values: on the bench table (1% of rows match) its estimate
 * flipped between 10 and 1,010 rows from one ANALYZE to the next, and with it the plan of
 * getData (create_time index walk or trigram bitmap, 0.4 ms or 2.4 ms for page 1). 500 gives
 * a stable estimate (~800) for ~0.1 s more ANALYZE per 100,000 rows.
 */
export const GIN_COLUMN_STATISTICS = 500;

/**
 * Gives every GIN index of the current schema the bounded pending list of {@link GIN_WITH}
 * (indexes made by migrations or by an older version have the default), its columns the
 * statistics target {@link GIN_COLUMN_STATISTICS}, and merges what is pending now. Runs at start; returns the names of the indexes it changed. An index it may
 * not alter (not its owner on PostgreSQL) is left as it is.
 */
export async function settleGinIndexes(db: Db): Promise<string[]> {
  const found = await sql<{ name: string }>`
    select c.relname as name from pg_class c
      join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'i' and a.amname = 'gin' and n.nspname = current_schema()
      and not coalesce(c.reloptions @> array['gin_pending_list_limit=256'], false)
    order by c.relname`.execute(db);
  const changed: string[] = [];
  for (const { name } of found.rows) {
    try {
      await sql`alter index ${sql.id(name)} set (gin_pending_list_limit = 256)`.execute(db);
      changed.push(name);
    } catch {
      // not ours to alter: the index keeps working, only slower while its pending list is long
    }
  }
  // a stable `like` estimate for the columns they index (applied by the ANALYZE that follows)
  const columns = await sql<{ table: string; column: string }>`
    select t.relname as table, att.attname as column from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute att on att.attrelid = t.oid and att.attnum = any(i.indkey)
    where a.amname = 'gin' and n.nspname = current_schema() and att.attnum > 0
      and coalesce(att.attstattarget, -1) < ${GIN_COLUMN_STATISTICS}`.execute(db);
  for (const { table, column } of columns.rows) {
    await sql`alter table ${sql.id(table)} alter column ${sql.id(column)} set statistics ${sql.lit(GIN_COLUMN_STATISTICS)}`
      .execute(db)
      .catch(() => undefined);
  }
  // merge what is pending (cheap when nothing is)
  await sql`
    select gin_clean_pending_list(c.oid::regclass) from pg_class c
      join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'i' and a.amname = 'gin' and n.nspname = current_schema()`
    .execute(db)
    .catch(() => undefined);
  return changed;
}
