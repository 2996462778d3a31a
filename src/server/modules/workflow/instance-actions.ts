import type { Db } from '../../db/connection.js';
import { BizError, ForbiddenError } from '../../http/envelope.js';
import type { WfInstance } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import { snapshotRows } from '../../online/compute/engine.js';
import { toColumn } from '../../../shared/columns.js';
import { tenantOf } from '../tenant/tenant-scope.js';
import { screenOf, type WfDeps } from './instance-context.js';
import { finishInstance } from './instance-finish.js';
import { writeHistory } from './instance-history.js';
import { inWorkflowTx } from './instance-transaction.js';
import { INSTANCE_STATUS, WF_TEXT } from './texts.js';

/**
 * The starter withdraws a running instance while nobody has approved yet: tasks cancelled,
 * record back to draft. 403 for anyone but the starter; BizError once ended or acted on.
 */
export async function withdrawInstance(deps: WfDeps, instanceId: unknown, user: SessionUser): Promise<void> {
  if (typeof instanceId !== 'string' || !instanceId) throw new BizError(WF_TEXT.instanceNotFound);
  await inWorkflowTx(deps, async (trx) => {
    const instance = await trx.selectFrom('wf_instance').selectAll().where('id', '=', instanceId).forUpdate().executeTakeFirst();
    if (!instance || instance.tenant_id !== tenantOf(user)) throw new BizError(WF_TEXT.instanceNotFound);
    if (instance.starter !== user.username) throw new ForbiddenError(WF_TEXT.withdrawNotStarter);
    if (instance.status !== INSTANCE_STATUS.running) throw new BizError(WF_TEXT.instanceEnded);
    const acted = await trx
      .selectFrom('wf_history')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where('action', 'in', ['approve', 'reject', 'addSign'])
      .executeTakeFirst();
    if (acted) throw new BizError(WF_TEXT.withdrawTooLate);
    await writeHistory(trx, instance.id, null, 'withdraw', user, null);
    await finishInstance(deps, trx, instance, INSTANCE_STATUS.withdrawn, user);
  });
}

/**
 * Whether a rejected instance may still be voided: it is its record's latest instance and the
 * record's status is one the screen's 作废 action starts from (a record the applicant has not
 * resubmitted nor voided through the screen itself).
 */
export async function rejectedVoidable(
  trx: Db,
  loaded: LoadedScreen,
  instance: Pick<WfInstance, 'id' | 'screen_id' | 'record_id'>,
): Promise<boolean> {
  const wf = loaded.screen.workflow;
  const action = wf?.actions.find((a) => a.code === 'void');
  if (!wf || !action) return false;
  const latest = await trx
    .selectFrom('wf_instance')
    .select('id')
    .where('screen_id', '=', instance.screen_id)
    .where('record_id', '=', instance.record_id)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (latest?.id !== instance.id) return false;
  const [row] = await snapshotRows(trx, loaded, [instance.record_id]);
  return !!row && action.from.includes(String(row[toColumn(wf.statusField)] ?? ''));
}

/**
 * The starter voids an instance (作废, spec item 8: … → 已作废): while it runs, or once rejected
 * when the record could still be voided through the screen's own 作废 ({@link rejectedVoidable}).
 * Open tasks close, the instance ends as voided, the record takes the 作废 action's status
 * (read-only from then on), the history names who and when. 403 for anyone but the starter
 * (nothing written); BizError when the screen declares no 作废 or the instance cannot be voided.
 */
export async function voidInstance(deps: WfDeps, instanceId: unknown, user: SessionUser): Promise<void> {
  if (typeof instanceId !== 'string' || !instanceId) throw new BizError(WF_TEXT.instanceNotFound);
  await inWorkflowTx(deps, async (trx) => {
    const instance = await trx.selectFrom('wf_instance').selectAll().where('id', '=', instanceId).forUpdate().executeTakeFirst();
    if (!instance || instance.tenant_id !== tenantOf(user)) throw new BizError(WF_TEXT.instanceNotFound);
    if (instance.starter !== user.username) throw new ForbiddenError(WF_TEXT.voidNotStarter);
    const loaded = screenOf(deps, instance);
    if (!loaded.screen.workflow?.actions.some((a) => a.code === 'void')) throw new BizError(WF_TEXT.voidNotDeclared);
    const allowed =
      instance.status === INSTANCE_STATUS.running ||
      (instance.status === INSTANCE_STATUS.rejected && (await rejectedVoidable(trx, loaded, instance)));
    if (!allowed) throw new BizError(WF_TEXT.voidNotAllowed);
    await writeHistory(trx, instance.id, null, 'void', user, null);
    await finishInstance(deps, trx, instance, INSTANCE_STATUS.voided, user);
  });
}
