import { sql } from 'kysely';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/connection.js';

/** The database clock in epoch ms, one value per statement (every process counts on the same clock). */
const NOW_MS = sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`;

/** Expired counters are deleted at most this often (ms), after a hit. */
export const RATE_SWEEP_MS = 60_000;

/**
 * Fixed-window request counters in the table `sys_rate_limit`, shared by every server process of
 * one database (on the embedded database: the same table, one process). One statement per hit:
 * an atomic upsert that starts a new window when the key's has ended, so concurrent hits on
 * several processes never lose a count.
 */
export class DbRateCounter {
  private lastSweep = Date.now();

  /**
   * `sweepMs`: least time between two deletions of expired rows (tests pass 0);
   * `onError`: a failed deletion (the hit itself fails with its own error).
   */
  constructor(
    private readonly db: Db,
    private readonly opts: { sweepMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  /**
   * Counts one hit on `key` (at most 200 characters) in a window of `windowMs`; returns the hits
   * in the current window (this one included) and the ms left in it. Throws on a database error.
   */
  async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const row = (
      await sql<{ hits: number; ttl: number }>`
        insert into sys_rate_limit as r (rate_key, hits, reset_at) values (${key.slice(0, 200)}, 1, ${NOW_MS} + ${Math.max(1, Math.trunc(windowMs))})
        on conflict (rate_key) do update set
          hits = case when r.reset_at <= ${NOW_MS} then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= ${NOW_MS} then excluded.reset_at else r.reset_at end
        returning hits, (reset_at - ${NOW_MS})::int as ttl`.execute(this.db)
    ).rows[0];
    if (Date.now() - this.lastSweep >= (this.opts.sweepMs ?? RATE_SWEEP_MS)) {
      this.lastSweep = Date.now();
      this.sweep().catch((err: unknown) => this.opts.onError?.(err));
    }
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) };
  }

  /** Deletes the counters whose window has ended; returns how many. */
  async sweep(): Promise<number> {
    const res = await sql`delete from sys_rate_limit where reset_at <= ${NOW_MS}`.execute(this.db);
    return Number(res.numAffectedRows ?? 0);
  }
}

/**
 * The `store` option of @fastify/rate-limit over `counter`: the plugin constructs it (and a
 * child per limiter); every instance counts in the same table, keys as the limiter's
 * keyGenerator makes them.
 */
export function dbRateStore(counter: DbRateCounter): FastifyRateLimitStoreCtor {
  return class DbRateStore implements FastifyRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions) {}
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(key, timeWindow).then(
        (res) => callback(null, res),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(): FastifyRateLimitStore {
      return new DbRateStore();
    }
  };
}
