import { BizError, ForbiddenError } from '../../http/envelope.js';
import type { SessionUser } from '../auth/token-service.js';
import { tenantOf } from '../tenant/tenant-scope.js';
import type { WfDeps } from './instance-context.js';
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
