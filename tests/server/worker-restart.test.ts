import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import { PgliteWorkerDialect, PgliteWorkerHost, runWithQueryTimeout } from '../../src/server/db/worker-driver.js';
import { inTransaction } from '../../src/server/db/transaction.js';

// The embedded database's runaway-query stop: past its limit a query's worker is replaced. The
// stopped query's caller is answered at the limit (a transaction's rollback does not wait for
// the replacement), reads in flight beside it run again on the replacement, and a statement of
// the transaction that held the connection fails with 数据库已重启 (57P01).
const RUNAWAY = 'with recursive r(n) as (select 1 union all select n + 1 from r where n < 500000000) select count(*) as c from r';
let host: PgliteWorkerHost;
let db: Kysely<unknown>;

beforeAll(async () => {
  host = new PgliteWorkerHost(undefined, 0);
  db = new Kysely<unknown>({ dialect: new PgliteWorkerDialect(host) });
  await host.waitReady();
}, 60_000);
afterAll(async () => db?.destroy());

describe('a query stopped at its limit', () => {
  it('answers its caller at the limit, and a read in flight beside it runs on the replacement worker', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const runaway = runWithQueryTimeout(800, () => sql.raw(RUNAWAY).execute(db)).catch((e: { code?: string }) => e);
    // pipelined behind the runaway on the same worker: in flight when it is replaced
    await new Promise((r) => setTimeout(r, 100));
    const read = sql<{ x: number }>`select 41 + 1 as x`.execute(db);
    expect(await runaway).toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await read).rows).toEqual([{ x: 42 }]);
  });

  it('a transaction stopped at the limit is answered at once, not after the replacement opened', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const res = await runWithQueryTimeout(800, () =>
      inTransaction(db, async (trx) => {
        await sql`set transaction read only`.execute(trx);
        return sql.raw(RUNAWAY).execute(trx);
      }),
    ).catch((e: { code?: string }) => e);
    expect(res).toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // the replacement serves the next statements
    expect((await sql<{ x: number }>`select 1 as x`.execute(db)).rows).toEqual([{ x: 1 }]);
  });
});
