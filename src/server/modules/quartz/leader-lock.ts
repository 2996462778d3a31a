import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** Whether this process may run the scheduled jobs of its database right now. */
export interface LeaderLock {
  /**
   * True while this process holds the database's scheduler lock; may try to take it (`now`: try
   * at once, even within the wait after a lost election).
   */
  isLeader(now?: boolean): Promise<boolean>;
  /** True while this process holds the lock (no attempt to take it). */
  holds(): boolean;
  /** Gives the lock back (server closing). */
  release(): Promise<void>;
}

/** PGlite: the data-folder lock already makes this process the database's only user. */
export class SoleProcessLock implements LeaderLock {
  async isLeader(): Promise<boolean> {
    return true;
  }
  holds(): boolean {
    return true;
  }
  async release(): Promise<void> {}
}

/** First key of the advisory lock: a constant naming "the job scheduler". */
const LOCK_CLASS = 0x51a7c0;
/** How long a process that lost the election waits before trying again (ms). */
const RETRY_MS = 10_000;
/** How often the lock holder checks its connection is still alive (ms). */
const KEEPALIVE_MS = 15_000;

/**
 * PostgreSQL: one scheduler per database (and schema), elected with a session-level advisory
 * lock `pg_try_advisory_lock(LOCK_CLASS, hashtext(current_database()||'.'||current_schema()))`
 * held on one pooled connection for as long as this process runs jobs. Several API processes on
 * one database: the first takes the lock, the others retry every 10 s, so when the holder stops
 * or dies (its connection closes and PostgreSQL drops the lock) another one takes over. The
 * holder pings its connection every 15 s and gives up leadership if the ping fails.
 */
export class AdvisoryLeaderLock implements LeaderLock {
  private held = false;
  private nextAttempt = 0;
  private attempt: Promise<boolean> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private session: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  holds(): boolean {
    return this.held;
  }

  async isLeader(now = false): Promise<boolean> {
    if (this.held) return true;
    if (this.stopping || (!now && Date.now() < this.nextAttempt)) return false;
    if (!this.attempt) {
      this.nextAttempt = Date.now() + RETRY_MS;
      this.attempt = this.tryAcquire().finally(() => (this.attempt = null));
    }
    return this.attempt;
  }

  private tryAcquire(): Promise<boolean> {
    return new Promise<boolean>((resolveAcquired) => {
      this.session = this.db
        .connection()
        .execute(async (conn) => {
          const key = sql`${LOCK_CLASS}::int, hashtext(current_database() || '.' || current_schema())`;
          const got = (await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn)).rows[0]?.ok === true;
          if (!got || this.stopping) {
            if (got) await sql`select pg_advisory_unlock(${key})`.execute(conn);
            resolveAcquired(false);
            return;
          }
          this.held = true;
          resolveAcquired(true);
          try {
            while (!this.stopping) {
              await new Promise<void>((r) => {
                const t = setTimeout(r, KEEPALIVE_MS);
                t.unref?.();
                this.wake = () => {
                  clearTimeout(t);
                  r();
                };
              });
              if (this.stopping) break;
              await sql`select 1`.execute(conn);
            }
            await sql`select pg_advisory_unlock(${key})`.execute(conn);
          } finally {
            this.held = false;
          }
        })
        .catch((err) => {
          this.held = false;
          resolveAcquired(false);
          if (!this.stopping) this.onError(err);
        });
    });
  }

  async release(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.attempt?.catch(() => false);
    this.wake?.();
    await this.session;
  }
}
