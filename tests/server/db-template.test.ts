import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../src/server/db/connection.js';

// The embedded database's snapshot: an in-memory copy starts from it with the original's rows,
// and the two live apart afterwards (test servers of one configuration share a seeded template).
describe.skipIf(!!process.env.DATABASE_URL)('embedded database snapshot and template', () => {
  const opened: OpenedDatabase[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
  });

  it('copies the rows into a new in-memory database that then lives apart from the original', async () => {
    const original = await openDatabase({ inMemory: true });
    opened.push(original);
    await sql`create table t_copy (id int primary key, name text)`.execute(original.db);
    await sql`insert into t_copy values (1, '宋佳'), (2, '王芳')`.execute(original.db);
    const bytes = await original.snapshot!();
    expect(bytes.byteLength).toBeGreaterThan(1_000_000);

    const copy = await openDatabase({ inMemory: true, template: bytes });
    opened.push(copy);
    const rows = await sql<{ id: number; name: string }>`select id, name from t_copy order by id`.execute(copy.db);
    expect(rows.rows).toEqual([
      { id: 1, name: '宋佳' },
      { id: 2, name: '王芳' },
    ]);
    await sql`insert into t_copy values (3, '周杰')`.execute(copy.db);
    await sql`delete from t_copy where id = 1`.execute(original.db);
    const inCopy = await sql<{ n: number }>`select count(*)::int as n from t_copy`.execute(copy.db);
    const inOriginal = await sql<{ n: number }>`select count(*)::int as n from t_copy`.execute(original.db);
    expect([inCopy.rows[0].n, inOriginal.rows[0].n]).toEqual([3, 1]);
  });
});
