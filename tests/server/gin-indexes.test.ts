import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../src/server/db/connection.js';
import { GIN_COLUMN_STATISTICS, settleGinIndexes } from '../../src/server/db/gin-indexes.js';
import { isolatedDatabase } from './harness.js';

// Trigram indexes keep a short pending list and their
// columns a statistics target that gives `like` a stable estimate, whoever created them.
let database: OpenedDatabase;

beforeAll(async () => {
  database = await isolatedDatabase();
  await sql`create extension if not exists pg_trgm`.execute(database.db).catch(() => undefined);
});
afterAll(async () => database?.close());

const options = async (index: string) =>
  (await sql<{ o: string[] | null }>`select reloptions as o from pg_class where relname = ${index}`.execute(database.db)).rows[0]?.o ?? [];
const statistics = async (table: string, column: string) =>
  Number(
    (
      await sql<{ s: number | null }>`select coalesce(attstattarget, -1) as s from pg_attribute
        where attrelid = ${table}::regclass and attname = ${column}`.execute(database.db)
    ).rows[0].s,
  );

it('gives an index made with the defaults the bounded pending list, its column the statistics target, and merges what is pending', async () => {
  const { db } = database;
  await sql`create table tst_gin (id int primary key, customer varchar(50), remark varchar(50))`.execute(db);
  await sql`create index idx_tst_gin_customer on tst_gin using gin (customer gin_trgm_ops)`.execute(db);
  await sql`insert into tst_gin select i, '客户' || i || case when i % 100 = 0 then 'abc' else '' end, 'r'
    from generate_series(1, 2000) g(i)`.execute(db);
  expect(await options('idx_tst_gin_customer')).toEqual([]);
  expect(await statistics('tst_gin', 'customer')).toBe(-1);

  const changed = await settleGinIndexes(db);
  expect(changed).toContain('idx_tst_gin_customer');
  expect(await options('idx_tst_gin_customer')).toEqual(['gin_pending_list_limit=256']);
  expect(await statistics('tst_gin', 'customer')).toBe(GIN_COLUMN_STATISTICS);
  // a column without a GIN index keeps the default
  expect(await statistics('tst_gin', 'remark')).toBe(-1);
  // nothing left pending: cleaning again merges no page
  const again = await sql<{ n: number }>`select gin_clean_pending_list('idx_tst_gin_customer'::regclass) as n`.execute(db);
  expect(Number(again.rows[0].n)).toBe(0);
  // the index still answers `like`, and a second start changes nothing
  const found = await sql<{ n: number }>`select count(*)::int as n from tst_gin where customer like ${'%abc%'}`.execute(db);
  expect(Number(found.rows[0].n)).toBe(20);
  expect(await settleGinIndexes(db)).toEqual([]);
});
