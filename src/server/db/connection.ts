import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { PgliteWorkerDialect, PgliteWorkerHost } from './worker-driver.js';
import { guardedDialect } from './transaction.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connection figures for the metrics: the pg pool's, or the embedded connection's hold and its queue. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** PostgreSQL: the connection string (the cluster bus opens its listening connection with it). */
  url?: string;
  /** Embedded database only: a consistent SQL dump of it, taken while the server runs (worker-driver.ts). */
  dump?: () => Promise<string>;
  /** Embedded database only: runs a script of several statements (a restore). */
  exec?: (script: string) => Promise<void>;
  /** Embedded database only: its data folder as a tarball, a `template` for an in-memory copy. */
  snapshot?: () => Promise<Uint8Array>;
}

const { types } = pg;
const identity = (v: string) => v;
const toNumber = (v: string) => Number(v);
/** Type parsing shared with the PGlite worker: dates as text, numeric/int8 as numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1082 || oid === 1114 || oid === 1184 || oid === 1083) return identity;
    if (oid === 1700 || oid === 20) return toNumber;
    return types.getTypeParser(oid, format);
  },
};

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else PGlite under
 * `<dataDir>/pgdata` in a worker thread, guarded by an exclusive lock on `dataDir`.
 * Throws an Error with a clear message when another process holds the lock.
 * `dataDir` undefined with no databaseUrl gives an in-memory database (tests); `searchPath`
 * puts a PostgreSQL connection in its own schema (isolated test runs). `lockTimeoutMs` bounds
 * the wait for the embedded database's single connection (default 15 s; a statement that
 * waits longer fails with LockTimeoutError). Either way the dialect is guarded: a statement on
 * the global handle inside an open transaction throws TransactionMisuseError (db/transaction.ts).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** in-memory only: start from this data-folder tarball (OpenedDatabase.snapshot) instead of an empty database */
  template?: Uint8Array;
  searchPath?: string;
  lockTimeoutMs?: number;
  /** PostgreSQL: told about a pooled connection the server cut (logged; the pool recovers by itself). */
  onIdleError?: (err: Error) => void;
}): Promise<OpenedDatabase> {
  if (opts.databaseUrl) {
    const searchPath =
      opts.searchPath && /^[a-z_][a-z0-9_]*$/.test(opts.searchPath) ? `-c search_path=${opts.searchPath},public` : undefined;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: pgTypes, options: searchPath });
    // a connection cut by the server (restart, failover) emits 'error': on the pool while idle, on
    // the client while checked out between statements (the scheduler's lock session, a transaction
    // awaiting its code). Unheard, either would end the process; heard, the pool drops the
    // connection and opens a new one when needed, and the next statement on a cut checked-out
    // client fails (answered 503, db/unavailable.ts)
    const lost = (err: Error) => opts.onIdleError?.(err);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = new Kysely<Database>({ dialect: guardedDialect(new PostgresDialect({ pool })) });
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let release: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (!opts.inMemory && opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = await lockDataDir(opts.dataDir);
    pgDir = path.join(opts.dataDir, 'pgdata');
  }
  const host = new PgliteWorkerHost(pgDir, undefined, pgDir ? undefined : opts.template);
  const db = new Kysely<Database>({ dialect: guardedDialect(new PgliteWorkerDialect(host, opts.lockTimeoutMs)) });
  await host.waitReady();
  return {
    db,
    kind: 'pglite',
    poolStats: () => {
      const s = host.lock?.stats() ?? { readers: 0, writer: false, waiting: 0 };
      return { total: 1, idle: s.readers === 0 && !s.writer ? 1 : 0, waiting: s.waiting };
    },
    dump: () => host.dump(),
    snapshot: () => host.snapshot(),
    exec: async (script) => {
      await host.request('exec', script);
    },
    close: async () => {
      await db.destroy();
      await release?.();
    },
  };
}
