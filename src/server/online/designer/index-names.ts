import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { tableIndexName } from '../../../shared/columns.js';
import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { BizError } from '../../http/envelope.js';
import { DESIGNER_TEXT } from './texts.js';

/**
 * Refuses (BizError, naming the index and its owner) a screen whose normal indexes (schema
 * `indexes`) use a name taken elsewhere: twice in the screen, by another screen's index, or by a
 * relation of the database schema that is not an index of the screen's own table. PostgreSQL
 * names indexes, tables and sequences in one namespace, so such a name would make the table sync
 * fail with a database error instead of a message.
 * @param others the other screens (authored and file screens) whose indexes count as taken
 */
export async function assertIndexNamesFree(db: Db, screen: ScreenSchema, others: readonly ScreenSchema[]): Promise<void> {
  const names = (screen.indexes ?? []).map((x) => tableIndexName(screen.tableName, x));
  if (!names.length) return;
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new BizError(DESIGNER_TEXT.indexNameTwice(name));
    seen.add(name);
  }
  for (const other of others) {
    if (other.id === screen.id || other.tableName === screen.tableName) continue;
    const clash = (other.indexes ?? []).map((x) => tableIndexName(other.tableName, x)).find((n) => seen.has(n));
    if (clash) throw new BizError(DESIGNER_TEXT.indexNameTaken(clash, other.tableName));
  }
  const found = await sql<{ relname: string; owner: string | null }>`
    select c.relname, t.relname as owner
    from pg_class c
    left join pg_index i on i.indexrelid = c.oid
    left join pg_class t on t.oid = i.indrelid
    where c.relnamespace = current_schema()::regnamespace and c.relname = any(${names}::text[])`.execute(db);
  const taken = found.rows.find((r) => r.owner !== screen.tableName);
  if (taken) throw new BizError(DESIGNER_TEXT.indexNameTaken(taken.relname, taken.owner ?? taken.relname));
}
