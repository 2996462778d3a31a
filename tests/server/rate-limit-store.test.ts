import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isolatedDatabase } from './harness.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { OpenedDatabase } from '../../src/server/db/connection.js';
import { DbRateCounter } from '../../src/server/http/db-rate-store.js';
import { authRateLimit, RATE_LIMITED } from '../../src/server/http/auth-rate-limit.js';

// The sign-in rate limits count in the database table sys_rate_limit (one upsert a hit), so the
// processes of one database count together; on the embedded database it is the same table.
let database: OpenedDatabase;

beforeAll(async () => {
  database = await isolatedDatabase();
  await migrateToLatest(database.db);
});
afterAll(async () => database?.close());

const rows = async (prefix: string) =>
  (
    await sql<{
      rate_key: string;
      hits: number;
    }>`select rate_key, hits from sys_rate_limit where rate_key like ${prefix + '%'} order by rate_key`.execute(database.db)
  ).rows;

describe('the database rate-limit counter', () => {
  it('counts hits of one key within its window and tells the time left', async () => {
    const counter = new DbRateCounter(database.db);
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await counter.hit('w:one', 60_000));
    expect(seen.map((s) => s.current)).toEqual([1, 2, 3]);
    for (const s of seen) {
      expect(s.ttl).toBeGreaterThan(55_000);
      expect(s.ttl).toBeLessThanOrEqual(60_000);
    }
    // another key counts on its own
    expect((await counter.hit('w:two', 60_000)).current).toBe(1);
  });

  it('loses no hit when many arrive at once (the upsert is atomic)', async () => {
    const counter = new DbRateCounter(database.db);
    const got = await Promise.all(Array.from({ length: 40 }, () => counter.hit('w:burst', 60_000)));
    expect(got.map((g) => g.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('starts a new window at 1 once the window has ended', async () => {
    const counter = new DbRateCounter(database.db);
    expect((await counter.hit('w:short', 300)).current).toBe(1);
    expect((await counter.hit('w:short', 300)).current).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    const fresh = await counter.hit('w:short', 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(200);
  });

  it('deletes the counters whose window has ended, and only those', async () => {
    const counter = new DbRateCounter(database.db);
    await counter.hit('x:old', 60_000);
    await counter.hit('x:live', 60_000);
    await sql`update sys_rate_limit set reset_at = reset_at - 120000 where rate_key = 'x:old'`.execute(database.db);
    expect(await counter.sweep()).toBeGreaterThanOrEqual(1);
    expect((await rows('x:')).map((r) => r.rate_key)).toEqual(['x:live']);
    // a hit sweeps on its own (at most once a minute; every time here)
    const eager = new DbRateCounter(database.db, { sweepMs: 0 });
    await sql`update sys_rate_limit set reset_at = reset_at - 120000 where rate_key = 'x:live'`.execute(database.db);
    await eager.hit('x:new', 60_000);
    for (let i = 0; i < 20 && (await rows('x:')).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await rows('x:')).map((r) => r.rate_key)).toEqual(['x:new']);
  });
});

describe('two server instances on one database share the sign-in limits', () => {
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const app = Fastify();
      const limit = await authRateLimit(app, database.db, { perIp: 1_000, perAccount: 4 });
      app.post('/sys/login', { preHandler: limit }, async () => ({ success: true }));
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('refuses the fifth try on one account a minute, the tries alternating between the two', async () => {
    const tryOn = (i: number) =>
      apps[i % 2].inject({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'Shared_Name', password: 'x' },
        remoteAddress: `10.9.0.${i}`,
      });
    for (let i = 0; i < 4; i++) expect((await tryOn(i)).statusCode).toBe(200);
    const over = await tryOn(4);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, message: RATE_LIMITED });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // the account name counts case-insensitively, on either instance
    expect((await apps[1].inject({ method: 'POST', url: '/sys/login', payload: { username: 'shared_name' } })).statusCode).toBe(429);
    expect(await rows('account:shared_name')).toEqual([{ rate_key: 'account:shared_name', hits: 6 }]);
  });
});
