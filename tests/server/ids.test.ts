import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { IdGenerator, claimIdWorker, drawIdWorker, newId } from '../../src/server/db/ids.js';
import { isolatedDatabase } from './harness.js';

// Record ids with several server processes on one database: each process draws its worker
// number from the database sequence, so two processes never mint the same id.

describe('record ids', () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await isolatedDatabase();
    await migrateToLatest(database.db);
    await sql`create table id_probe (id varchar(36) primary key, origin int not null)`.execute(database.db);
  }, 120_000);
  afterAll(async () => database?.close());

  it('two processes take different worker numbers and their ids never clash', async () => {
    // two server starts on one database, as two processes would
    const first = await drawIdWorker(database.db);
    const second = await drawIdWorker(database.db);
    expect(first).not.toBe(second);
    const a = new IdGenerator(first);
    const b = new IdGenerator(second);
    const seen = new Set<string>();
    // interleaved in the same milliseconds, well past one millisecond's sequence per worker
    for (let i = 0; i < 20_000; i++) {
      seen.add(a.next());
      seen.add(b.next());
    }
    expect(seen.size).toBe(40_000);
  });

  it('ids are 19-digit strings, increasing in creation order', () => {
    const gen = new IdGenerator(42);
    const ids = Array.from({ length: 5_000 }, () => gen.next());
    for (const id of ids) expect(id).toMatch(/^\d{19}$/);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]) > BigInt(ids[i - 1])).toBe(true);
    expect(ids[0].slice(13, 17)).toBe('0042');
  });

  it('stay unique under 1,000 parallel inserts from two processes', async () => {
    await claimIdWorker(database.db);
    const other = new IdGenerator(await drawIdWorker(database.db));
    await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        database.db
          .insertInto('id_probe' as never)
          .values({ id: i % 2 ? newId() : other.next(), origin: i % 2 } as never)
          .execute(),
      ),
    );
    const { rows } = await sql<{ n: string; d: string }>`select count(*) as n, count(distinct id) as d from id_probe`.execute(database.db);
    expect(Number(rows[0].n)).toBe(1_000);
    expect(Number(rows[0].d)).toBe(1_000);
  });

  it('refuses a worker number outside 0 … 9999', () => {
    expect(() => new IdGenerator(10_000)).toThrow(RangeError);
    expect(() => new IdGenerator(-1)).toThrow(RangeError);
  });
});
