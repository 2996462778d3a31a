import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { ReadWriteLock } from './rw-lock.js';

/** Error raised by the database, carrying the PostgreSQL SQLSTATE `code` (e.g. '23505'). */
export class DbError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly constraint?: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (v: { rows: unknown[]; affectedRows: number }) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
  /** A read outside any transaction, sent again once on the replacement worker if its worker is replaced. */
  retry?: { sql: string; params: readonly unknown[] };
}

/** A statement that only reads (no write, lock, sequence or side-effecting call): safe to run twice. */
const READ_ONLY =
  /^\s*select\b(?![\s\S]*\b(?:for\s+(?:no\s+key\s+)?update|for\s+(?:key\s+)?share|nextval|setval|pg_advisory\w*|pg_notify|set_config)\b)/i;

/** Default longest wait for the embedded database's connection (DB_LOCK_TIMEOUT_MS). */
export const DEFAULT_LOCK_TIMEOUT_MS = 15_000;

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

const queryTimeout = new AsyncLocalStorage<number>();

/**
 * Runs `fn` with a shorter limit (ms) on each embedded-database query it makes (an online report):
 * past it the query's worker is terminated and replaced, as at the general limit — PGlite has no
 * statement_timeout (it runs in one thread and never checks it). Answers what `fn` answers.
 */
export function runWithQueryTimeout<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  return queryTimeout.run(ms, fn);
}

/**
 * Owns the worker thread that runs PGlite. PGlite has a single connection and runs queries one
 * after another; statements outside transactions are pipelined to it, a transaction owns it
 * (see WorkerDriver); a query running longer than `queryTimeoutMs` has its worker terminated and
 * replaced, so one runaway query can never freeze the server.
 */
export class PgliteWorkerHost {
  private worker!: Worker;
  private seq = 0;
  private pending = new Map<number, Pending>();
  private ready!: Promise<void>;
  /** The hold on the single connection, shared by statements and owned by a transaction or a dump (set by the driver). */
  lock: ReadWriteLock | null = null;
  /** Counts the workers started: a transaction begun on an earlier one ended with it. */
  generation = 0;

  constructor(
    private readonly dataDir: string | undefined,
    private readonly queryTimeoutMs = 60_000,
    /** an in-memory database starts from this data-folder tarball (bytes of {@link snapshot}) */
    private readonly template?: Uint8Array,
  ) {
    this.spawn();
  }

  private spawn(): void {
    this.generation++;
    const worker = new Worker(fileURLToPath(WORKER_URL), { workerData: { dataDir: this.dataDir, template: this.template } });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (msg: { ready?: boolean }) => {
        if (msg.ready) {
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.on(
      'message',
      (msg: {
        id?: number;
        ok?: boolean;
        rows?: unknown[];
        affectedRows?: number;
        error?: { message: string; code?: string; constraint?: string };
      }) => {
        if (msg.id === undefined) return;
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (p.timer) clearTimeout(p.timer);
        if (msg.ok) p.resolve({ rows: msg.rows ?? [], affectedRows: msg.affectedRows ?? 0 });
        else p.reject(new DbError(msg.error?.message ?? 'database error', msg.error?.code, msg.error?.constraint));
      },
    );
    worker.on('error', (err) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    });
  }

  /** Resolves once PGlite has opened its data folder. */
  async waitReady(): Promise<void> {
    await this.ready;
  }

  /**
   * A consistent SQL dump of the whole database (pg_dump through @electric-sql/pglite-tools,
   * plain format with INSERT statements, no owners or privileges), taken while no transaction
   * holds the connection: the hold is exclusive for the dump's duration, so statements wait
   * (up to DB_LOCK_TIMEOUT_MS) instead of interleaving with it. Returns the SQL text.
   */
  async dump(): Promise<string> {
    const lock = this.lock ?? new ReadWriteLock();
    await lock.exclusive();
    try {
      const res = await this.request('dump');
      return String(res.rows[0] ?? '');
    } finally {
      lock.releaseExclusive();
    }
  }

  /**
   * The data folder as an uncompressed tarball (PGlite dumpDataDir), taken under the exclusive
   * hold like {@link dump}: an in-memory copy of the database starts from it (the constructor's
   * `template`; test servers reuse one seeded database this way). Returns the tarball's bytes.
   */
  async snapshot(): Promise<Uint8Array> {
    const lock = this.lock ?? new ReadWriteLock();
    await lock.exclusive();
    try {
      const res = await this.request('snapshot');
      return res.rows[0] as Uint8Array;
    } finally {
      lock.releaseExclusive();
    }
  }

  /** Runs one statement with bound parameters; rejects with DbError on a database error. */
  async request(
    op: 'query' | 'exec' | 'close' | 'dump' | 'snapshot',
    sql = '',
    params: readonly unknown[] = [],
  ): Promise<{ rows: unknown[]; affectedRows: number }> {
    await this.ready;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      // statements outside a transaction share the connection; a transaction's own hold it exclusively
      const standalone = op === 'query' && !this.lock?.stats().writer && READ_ONLY.test(sql);
      const entry: Pending = { resolve, reject, retry: standalone ? { sql, params } : undefined };
      const limit = Math.min(queryTimeout.getStore() ?? Infinity, this.queryTimeoutMs > 0 ? this.queryTimeoutMs : Infinity);
      if (op !== 'close' && op !== 'dump' && op !== 'snapshot' && Number.isFinite(limit)) {
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new DbError('查询超时，已终止', '57014'));
          this.restart();
        }, limit);
      }
      this.pending.set(id, entry);
      this.worker.postMessage({ id, op, sql, params });
    });
  }

  /**
   * Replaces the worker (a query passed its limit). The other statements in flight are reads
   * outside transactions, sent once more to the replacement, or statements of the transaction
   * that held the connection, which fail with 数据库已重启 (57P01: the wire answers 503, retry).
   */
  private restart(): void {
    const old = this.worker;
    const again: [number, Pending][] = [];
    for (const [id, p] of this.pending) {
      if (p.retry) {
        again.push([id, p]);
        continue;
      }
      if (p.timer) clearTimeout(p.timer);
      p.reject(new DbError('数据库已重启', '57P01'));
    }
    this.pending.clear();
    void old.terminate();
    this.spawn();
    for (const [id, p] of again) {
      const { sql, params } = p.retry!;
      p.retry = undefined;
      this.pending.set(id, p);
      this.ready.then(
        () => this.worker.postMessage({ id, op: 'query', sql, params }),
        () => undefined,
      );
    }
  }

  /** Closes the database cleanly and stops the worker. */
  async close(): Promise<void> {
    try {
      await this.request('close');
    } finally {
      await this.worker.terminate();
    }
  }
}

class WorkerConnection implements DatabaseConnection {
  /** The worker generation the connection's transaction began on (0: none open). */
  began = 0;
  constructor(readonly host: PgliteWorkerHost) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.host.request('query', compiled.sql, compiled.parameters);
    const kind = (compiled.query as { kind?: string } | undefined)?.kind;
    const isMutation = kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode';
    return {
      rows: res.rows as R[],
      ...(isMutation || res.rows.length === 0 ? { numAffectedRows: BigInt(res.affectedRows) } : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the embedded database; use keyset batches');
  }
}

class WorkerDriver implements Driver {
  private readonly lock: ReadWriteLock;
  /** What each acquired connection holds: a statement shares the lock, a transaction owns it. */
  private holds = new WeakMap<DatabaseConnection, 'shared' | 'exclusive' | 'none'>();
  constructor(
    private readonly host: PgliteWorkerHost,
    lockTimeoutMs: number,
  ) {
    this.lock = new ReadWriteLock(lockTimeoutMs);
    host.lock = this.lock;
  }
  async init(): Promise<void> {
    await this.host.waitReady();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.shared();
    const conn = new WorkerConnection(this.host);
    this.holds.set(conn, 'shared');
    return conn;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    // give up the shared hold first, so two transactions starting together cannot deadlock
    this.lock.releaseShared();
    this.holds.set(conn, 'none');
    await this.lock.exclusive();
    this.holds.set(conn, 'exclusive');
    (conn as WorkerConnection).began = this.host.generation;
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    // a transaction whose worker was replaced is gone: nothing of it can be committed
    if (this.ended(conn)) throw new DbError('数据库已重启', '57P01');
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  /**
   * Rolls back, unless the transaction's worker was replaced (a query past its time limit): its
   * work died with that worker, so the rollback is answered at once instead of waiting for the
   * new worker to open the data folder (tens of seconds on a loaded machine).
   */
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    if (this.ended(conn)) return;
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  private ended(conn: DatabaseConnection): boolean {
    const began = (conn as WorkerConnection).began;
    return began !== 0 && began !== this.host.generation;
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const hold = this.holds.get(conn);
    this.holds.delete(conn);
    if (hold === 'exclusive') this.lock.releaseExclusive();
    else if (hold === 'shared') this.lock.releaseShared();
  }
  async destroy(): Promise<void> {
    await this.host.close();
  }
}

/** Kysely dialect for PGlite running in a worker thread (PostgreSQL SQL, adapter and compiler). */
export class PgliteWorkerDialect implements Dialect {
  /** `lockTimeoutMs`: longest wait for the connection before a statement fails with LockTimeoutError (0 = none). */
  constructor(
    private readonly host: PgliteWorkerHost,
    private readonly lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new WorkerDriver(this.host, this.lockTimeoutMs);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
