import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import type { WfDeps } from './instance-context.js';

/**
 * Runs one workflow action in its own transaction; the bell's pushes the action queued go out
 * after the commit and are dropped on a rollback (the error is re-thrown).
 */
export async function inWorkflowTx(deps: WfDeps, fn: (trx: Db) => Promise<void>): Promise<void> {
  try {
    await inTransaction(deps.db, fn);
  } catch (e) {
    deps.notices.drop();
    throw e;
  }
  deps.notices.flush();
}
