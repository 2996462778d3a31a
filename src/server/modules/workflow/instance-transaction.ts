import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import type { WfCall, WfDeps } from './instance-context.js';

/**
 * Runs one workflow action in its own transaction with a bell collector of its own (spec 2.5):
 * the new-task pushes `fn` queues in `call.notices` go out right after the commit, and never when
 * it rolls back (the error is re-thrown). Concurrent calls never see each other's pushes.
 */
export async function inWorkflowTx(deps: WfDeps, fn: (trx: Db, call: WfCall) => Promise<void>): Promise<void> {
  const call: WfCall = { ...deps, notices: deps.bell.batch() };
  await inTransaction(deps.db, (trx) => fn(trx, call));
  call.notices.send();
}
