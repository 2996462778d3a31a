import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { BizError, ForbiddenError } from '../../http/envelope.js';
import type { WfTask } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import { formatDateTime } from '../../../shared/time.js';
import { tenantOf } from '../tenant/tenant-scope.js';
import { userTenantScope } from '../../online/read-scope.js';
import { runStep } from './engine-runner.js';
import { screenOf, type WfDeps } from './instance-context.js';
import { finishInstance } from './instance-finish.js';
import { closeTask, writeHistory } from './instance-history.js';
import { mayAct, rolesOf } from './instance-lookups.js';
import { afterStep, counters, variablesOf } from './instance-step.js';
import { inWorkflowTx } from './instance-transaction.js';
import { INSTANCE_STATUS, WF_TEXT } from './texts.js';

/**
 * Loads and locks a task's instance and checks the actor: the instance must be of the request's
 * tenant (else 任务不存在, as for an unknown task); ForbiddenError (403) for a non-participant.
 */
async function lockTask(trx: Db, taskId: unknown, user: SessionUser, needAssigned = true) {
  if (typeof taskId !== 'string' || !taskId) throw new BizError(WF_TEXT.taskNotFound);
  const peek = await trx.selectFrom('wf_task').select(['instance_id']).where('id', '=', taskId).executeTakeFirst();
  if (!peek) throw new BizError(WF_TEXT.taskNotFound);
  const instance = await trx.selectFrom('wf_instance').selectAll().where('id', '=', peek.instance_id).forUpdate().executeTakeFirst();
  if (!instance) throw new BizError(WF_TEXT.instanceNotFound);
  if (instance.tenant_id !== tenantOf(user)) throw new BizError(WF_TEXT.taskNotFound);
  const task = await trx.selectFrom('wf_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  const roles = await rolesOf(trx, user.username);
  if (!mayAct(task, user.username, roles)) throw new ForbiddenError(WF_TEXT.notAssignee);
  if (task.status !== 'open' || instance.status !== INSTANCE_STATUS.running) throw new BizError(WF_TEXT.taskNotFound);
  if (needAssigned && !task.assignee) throw new BizError(WF_TEXT.needClaim);
  return { instance, task };
}

/**
 * Checks the target of a transfer or an added signer: an existing user who belongs to the
 * instance's tenant (`sys_user.rel_tenant_ids`; tenant 0 = no tenant: any user). Outside the
 * tenant the answer is the same as for an unknown user, so no other tenant's user names leak.
 */
async function assertUser(trx: Db, username: string, tenant: number): Promise<void> {
  let q = trx.selectFrom('sys_user').select('id').where('username', '=', username).where('del_flag', '=', 0);
  for (const c of userTenantScope({ tenantId: tenant })) q = q.where(c as never);
  const u = await q.executeTakeFirst();
  if (!u) throw new BizError(tenant ? WF_TEXT.userOutsideTenant(username) : WF_TEXT.userUnknown(username));
}

/**
 * Approves a task: closes it and, once no other open task shares its engine execution (a
 * signer added to it), completes the engine's wait, which moves the instance on (the next
 * tasks, or the end: the record becomes approved). 403 when the user may not act on it.
 */
export async function approveTask(deps: WfDeps, taskId: unknown, comment: string | null, user: SessionUser): Promise<void> {
  await inWorkflowTx(deps, async (trx, call) => {
    const { instance, task } = await lockTask(trx, taskId, user);
    await closeTask(trx, task, 'approve', comment);
    await writeHistory(trx, instance.id, task, 'approve', user, comment);
    const sharing = await trx
      .selectFrom('wf_task')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where('execution_id', '=', task.execution_id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (sharing) return;
    const loaded = screenOf(deps, instance);
    const variables = await variablesOf(trx, loaded, instance.record_id, instance.starter);
    const count = await counters(trx, instance, task);
    const step = await runStep({
      state: instance.state ?? undefined,
      scope: { variables, counters: count },
      signal: { executionId: String(task.execution_id) },
    });
    await afterStep(call, trx, instance, step, variables, user);
  });
}

/** Rejects a task: the instance ends as rejected, open tasks are cancelled, the record returns to its applicant (已驳回). */
export async function rejectTask(deps: WfDeps, taskId: unknown, comment: string | null, user: SessionUser): Promise<void> {
  if (!comment?.trim()) throw new BizError(WF_TEXT.commentRequired);
  await inWorkflowTx(deps, async (trx) => {
    const { instance, task } = await lockTask(trx, taskId, user);
    await closeTask(trx, task, 'reject', comment);
    await writeHistory(trx, instance.id, task, 'reject', user, comment);
    await finishInstance(deps, trx, instance, INSTANCE_STATUS.rejected, user);
  });
}

/** Transfers a task to another user (its assignee changes; the previous one is kept as owner). */
export async function transferTask(
  deps: WfDeps,
  taskId: unknown,
  target: unknown,
  comment: string | null,
  user: SessionUser,
): Promise<void> {
  const to = typeof target === 'string' ? target.trim() : '';
  if (!to) throw new BizError(WF_TEXT.transferTarget);
  if (to === user.username) throw new BizError(WF_TEXT.transferSelf);
  await inWorkflowTx(deps, async (trx, call) => {
    const { instance, task } = await lockTask(trx, taskId, user);
    await assertUser(trx, to, instance.tenant_id);
    await trx
      .updateTable('wf_task')
      .set({ assignee: to, owner: task.owner ?? task.assignee })
      .where('id', '=', task.id)
      .execute();
    await writeHistory(trx, instance.id, task, 'transfer', user, comment ? `${comment}（转办给 ${to}）` : `转办给 ${to}`);
    await call.notices.queue(trx, instance, { ...task, assignee: to });
  });
}

/** A candidate takes an unassigned task (签收). */
export async function claimTask(deps: WfDeps, taskId: unknown, user: SessionUser): Promise<void> {
  await inWorkflowTx(deps, async (trx) => {
    const { instance, task } = await lockTask(trx, taskId, user, false);
    if (task.assignee) throw new BizError(task.assignee === user.username ? WF_TEXT.taskNotFound : WF_TEXT.claimTaken);
    await trx.updateTable('wf_task').set({ assignee: user.username }).where('id', '=', task.id).execute();
    await writeHistory(trx, instance.id, task, 'claim', user, null);
  });
}

/**
 * Adds a signer to a counter-sign task (加签): a further task on the same engine wait, so the
 * wait completes only when the assignee and every added signer approved.
 */
export async function addSigner(deps: WfDeps, taskId: unknown, signer: unknown, comment: string | null, user: SessionUser): Promise<void> {
  const who = typeof signer === 'string' ? signer.trim() : '';
  if (!who) throw new BizError(WF_TEXT.signerRequired);
  await inWorkflowTx(deps, async (trx, call) => {
    const { instance, task } = await lockTask(trx, taskId, user);
    if (!/_\d+$/.test(String(task.execution_id ?? ''))) throw new BizError(WF_TEXT.signerNotMulti);
    await assertUser(trx, who, instance.tenant_id);
    const parent = String(task.execution_id).replace(/_\d+$/, '');
    const clash = await trx
      .selectFrom('wf_task')
      .select('id')
      .where('instance_id', '=', instance.id)
      .where('execution_id', 'like', `${parent}\\_%`)
      .where('status', '=', 'open')
      .where('assignee', '=', who)
      .executeTakeFirst();
    if (clash) throw new BizError(WF_TEXT.signerDuplicate(who));
    const added: WfTask = {
      ...task,
      id: newId(),
      assignee: who,
      candidate_users: null,
      candidate_groups: null,
      owner: user.username,
      parent_task_id: task.id,
      create_time: formatDateTime(),
    };
    await trx.insertInto('wf_task').values(added).execute();
    await writeHistory(trx, instance.id, task, 'addSign', user, comment ? `${comment}（加签 ${who}）` : `加签 ${who}`);
    await call.notices.queue(trx, instance, added);
  });
}
