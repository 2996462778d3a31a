import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { WfInstance } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import { snapshotRows } from '../../online/compute/engine.js';
import { toColumn } from '../../../shared/columns.js';
import { formatDateTime } from '../../../shared/time.js';
import { screenOf, type WfDeps } from './instance-context.js';
import { INSTANCE_STATUS } from './texts.js';

type Row = Record<string, unknown>;

/**
 * Ends an instance (approved, rejected, withdrawn or voided): open tasks cancelled, the instance
 * closed, and the record's approval status set through the screen's declared status actions:
 * approve's `to` when approved, reject's `to` when rejected, submit's first `from` when
 * withdrawn, void's `to` when voided.
 */
export async function finishInstance(deps: WfDeps, trx: Db, instance: WfInstance, status: string, user: SessionUser): Promise<void> {
  const now = formatDateTime();
  await trx
    .updateTable('wf_task')
    .set({ status: 'cancelled', end_time: now })
    .where('instance_id', '=', instance.id)
    .where('status', '=', 'open')
    .execute();
  await trx
    .updateTable('wf_instance')
    .set({ status, end_time: now, current_nodes: null, rev: instance.rev + 1, ...(instance.state ? { state: instance.state } : {}) })
    .where('id', '=', instance.id)
    .execute();
  const loaded = screenOf(deps, instance);
  const wf = loaded.screen.workflow;
  if (!wf) return;
  const code =
    status === INSTANCE_STATUS.approved
      ? 'approve'
      : status === INSTANCE_STATUS.rejected
        ? 'reject'
        : status === INSTANCE_STATUS.voided
          ? 'void'
          : 'submit';
  const action = wf.actions.find((a) => a.code === code);
  const to = status === INSTANCE_STATUS.withdrawn ? action?.from[0] : action?.to;
  if (to !== undefined) await setRecordStatus(deps, trx, loaded, instance.record_id, to, user);
}

/** Moves the record to `status` and recomputes what reads it (an approved document starts to count in sums). */
export async function setRecordStatus(
  deps: Pick<WfDeps, 'records'>,
  trx: Db,
  loaded: LoadedScreen,
  recordId: string,
  status: string,
  user: SessionUser,
): Promise<void> {
  const wf = loaded.screen.workflow!;
  const before = await snapshotRows(trx, loaded, [recordId]);
  const set: Row = { [toColumn(wf.statusField)]: status };
  if (loaded.systemColumns.has('update_by')) set.update_by = user.username;
  if (loaded.systemColumns.has('update_time')) set.update_time = formatDateTime();
  await sql`update ${sql.table(loaded.screen.tableName)} set ${sql.join(
    Object.entries(set).map(([k, v]) => sql`${sql.ref(k)} = ${v}`),
  )} where id = ${recordId}`.execute(trx);
  const engine = deps.records.compute;
  if (engine?.matters(loaded)) {
    const after = (await engine.recompute(trx, loaded, [recordId])).map((c) => c.after);
    await engine.propagate(trx, loaded, [...before, ...after]);
  }
  deps.records.bump(loaded);
}
