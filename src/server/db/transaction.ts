import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';
import type { Db } from './connection.js';

/**
 * Raised when code running inside an open transaction sends a statement through the global
 * database handle (or starts a second transaction on it) instead of the transaction handle.
 * On the embedded database that statement would wait for the transaction's exclusive hold
 * while the transaction waits for it — a freeze of the whole server; on PostgreSQL it runs
 * outside the transaction and can wait on the transaction's row locks. So it fails at once.
 */
export class TransactionMisuseError extends Error {
  constructor() {
    super('a statement was sent through the global database handle while a transaction is open: pass the transaction handle');
  }
}

/** The transaction open in the current async context (true while its callback runs). */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** Throws TransactionMisuseError when a transaction is open in the current async context. */
export function assertNoOpenTransaction(): void {
  if (openTransaction.getStore()?.open) throw new TransactionMisuseError();
}

/**
 * Runs `fn` in a database transaction and returns its result; commits when `fn` resolves and
 * rolls back when it throws (the error is re-thrown). While `fn` runs, any statement sent
 * through the global handle from its async context throws TransactionMisuseError (see
 * `guardedDialect`), so every query made during the transaction must use `trx`. Given a
 * transaction handle (`db.isTransaction`), `fn` joins that transaction.
 */
export async function inTransaction<T>(db: Db | Kysely<any>, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Db);
  assertNoOpenTransaction();
  return (db as Db).transaction().execute((trx) => {
    const state = { open: true };
    return openTransaction.run(state, async () => {
      try {
        return await fn(trx);
      } finally {
        state.open = false;
      }
    });
  });
}

/**
 * Runs `fn` outside the current transaction's context: for work that is meant to go on after
 * the transaction on its own (a log line written fire-and-forget), never for its statements.
 */
export function detachedFromTransaction<T>(fn: () => T): T {
  return openTransaction.exit(fn);
}

class GuardedDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init(): Promise<void> {
    return this.inner.init();
  }
  acquireConnection(): Promise<DatabaseConnection> {
    // only statements through the global handle acquire a connection: a transaction's
    // statements run on the connection it already holds
    assertNoOpenTransaction();
    return this.inner.acquireConnection();
  }
  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(conn, settings);
  }
  commitTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(conn);
  }
  rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(conn);
  }
  releaseConnection(conn: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(conn);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a Kysely dialect so that its driver refuses the global handle inside an open transaction. */
export function guardedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new GuardedDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
