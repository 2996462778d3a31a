import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { BizError } from '../../http/envelope.js';
import type { StatusAction, Workflow } from '../../../shared/generated/screen-schema.js';
import { evaluate, rowScope, type ExprValue } from '../../../shared/expr.js';
import { storedValue } from '../../../shared/compute-plan.js';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import { toColumn } from '../../../shared/columns.js';
import type { SessionUser } from '../../modules/auth/token-service.js';
import type { LoadedScreen } from '../screen-registry.js';
import type { RecordService } from '../record-service.js';
import { snapshotRows } from '../compute/engine.js';
import { WORKFLOW_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** The action `code` of a screen's workflow; BizError when the screen has no workflow or no such action. */
export function workflowAction(loaded: LoadedScreen, code: string): { wf: Workflow; action: StatusAction } {
  const wf = loaded.screen.workflow;
  const action = wf?.actions.find((a) => a.code === code);
  if (!wf || !action) throw new BizError(WORKFLOW_TEXT.unknownAction(code));
  return { wf, action };
}

/**
 * Whether `user` may run `action` on `row` besides holding its button: the row's status is one of
 * `from`, the actor rule holds (owner: the row's owner field is the user; notOwner: it is not), and
 * the condition is not false. Returns the refusal message, or null when allowed.
 */
export function actionRefusal(wf: Workflow, action: StatusAction, row: Row, user: Pick<SessionUser, 'username'>): string | null {
  const status = String(row[toColumn(wf.statusField)] ?? '');
  if (!action.from.includes(status)) return WORKFLOW_TEXT.wrongState(action.label);
  const owner = wf.ownerField ? String(row[toColumn(wf.ownerField)] ?? '') : '';
  if (action.actor === 'owner' && owner !== user.username) return WORKFLOW_TEXT.ownerOnly(action.label);
  if (action.actor === 'notOwner' && owner === user.username) return WORKFLOW_TEXT.notOwner(action.label);
  if (action.condition && evaluate(action.condition, rowScope(row, {}, formatDate())) === false)
    return action.conditionMessage ?? WORKFLOW_TEXT.conditionFailed(action.label);
  return null;
}

/**
 * Runs a declared status action on the rows `ids` (all or nothing, one transaction): each row
 * is read within the caller's scope (tenant, data rules, fixed values) and locked, checked with
 * {@link actionRefusal}, moved to `to` with the action's `set` fields, and then the computed
 * fields that read it are recomputed (an approved document starts to count in sums, a voided
 * one stops). What the hooks hand to `afterCommit` runs after the commit, never on a rollback.
 * The caller has checked the menu and the button. Returns the number of rows moved.
 */
export async function runStatusAction(
  db: Db,
  records: RecordService,
  loaded: LoadedScreen,
  code: string,
  ids: string[],
  user: SessionUser,
): Promise<number> {
  const { wf, action } = workflowAction(loaded, code);
  if (!ids.length) throw new BizError(WORKFLOW_TEXT.noRecord);
  const scope = await records.scope(loaded, user, {});
  const table = sql.table(loaded.screen.tableName);
  const committed: (() => void)[] = [];
  const afterCommit = (fn: () => void) => void committed.push(fn);
  await inTransaction(db, async (trx) => {
    const where = sql.join([sql`id in (${sql.join(ids)})`, ...scope], sql` and `);
    const found = (await sql<{ id: string }>`select id from ${table} where ${where} for update`.execute(trx)).rows.map((r) => r.id);
    if (found.length !== new Set(ids).size) throw new BizError(WORKFLOW_TEXT.noRecord);
    const before = await snapshotRows(trx, loaded, found);
    for (const row of before) {
      const refusal = actionRefusal(wf, action, row, user);
      if (refusal) throw new BizError(refusal);
      const set: Row = { [toColumn(wf.statusField)]: action.to };
      for (const [name, src] of Object.entries(action.set ?? {})) {
        const f = loaded.screen.fields.find((x) => x.name === name);
        if (f) set[toColumn(name)] = storedValue(f, evaluate(src, rowScope(row, {}, formatDate())) as ExprValue);
      }
      if (loaded.systemColumns.has('update_by')) set.update_by = user.username;
      if (loaded.systemColumns.has('update_time')) set.update_time = formatDateTime();
      await trx
        .updateTable(loaded.screen.tableName as never)
        .set(set as never)
        .where('id' as never, '=', row.id as never)
        .execute();
      for (const h of records.hooksOf(loaded)) await h.statusAction?.({ trx, user, action, row, afterCommit });
    }
    const engine = records.compute;
    if (engine?.matters(loaded)) {
      const after = (await engine.recompute(trx, loaded, found)).map((c) => c.after);
      await engine.propagate(trx, loaded, [...before, ...after]);
    }
  });
  records.bump(loaded);
  for (const fn of committed) fn();
  return ids.length;
}
