import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { BizError, ForbiddenError } from '../../http/envelope.js';
import type { WfInstance, WfTask } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import type { RecordService } from '../../online/record-service.js';
import { snapshotRows } from '../../online/compute/engine.js';
import { toColumn } from '../../../shared/columns.js';
import { formatDateTime } from '../../../shared/time.js';
import { tenantOf } from '../tenant/tenant-scope.js';
import { userTenantScope } from '../../online/read-scope.js';
import { runStep, type StepResult, type WaitingTask } from './engine-runner.js';
import { safeExpressions } from './safe-expressions.js';
import { INSTANCE_STATUS, WF_TEXT, type WfAction } from './texts.js';
import { TaskNotices } from './task-notices.js';

type Row = Record<string, unknown>;

/** The deployed version a screen's records start on, or null when no deployed process is bound. */
export async function boundDefinition(trx: Db, screenId: string) {
  const model = await trx
    .selectFrom('wf_model')
    .select(['model_key', 'version'])
    .where('form_screen', '=', screenId)
    .where('del_flag', '=', 0)
    .where('version', '>', 0)
    .executeTakeFirst();
  if (!model) return null;
  return (
    (await trx
      .selectFrom('wf_definition')
      .selectAll()
      .where('process_key', '=', model.model_key)
      .where('version', '=', model.version)
      .executeTakeFirst()) ?? null
  );
}

/** The running instance of a record, if any. */
export async function runningInstanceOf(trx: Db, screenId: string, recordId: string) {
  return trx
    .selectFrom('wf_instance')
    .selectAll()
    .where('screen_id', '=', screenId)
    .where('record_id', '=', recordId)
    .where('status', '=', INSTANCE_STATUS.running)
    .executeTakeFirst();
}

const split = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : v === null || v === undefined ? [] : [String(v)])
    .map((s) => s.trim())
    .filter(Boolean);

/** Whether `user` (with role codes `roles`) may act on `task`: its assignee, or a candidate while unassigned. */
export function mayAct(
  task: Pick<WfTask, 'assignee' | 'candidate_users' | 'candidate_groups'>,
  username: string,
  roles: readonly string[],
): boolean {
  if (task.assignee) return task.assignee === username;
  return split(task.candidate_users).includes(username) || split(task.candidate_groups).some((g) => roles.includes(g));
}

/**
 * Process instances of bound screens on `bpmn-engine`: a record's 提交 starts one, its tasks are
 * completed, rejected, transferred, claimed or extended with a signer, the starter withdraws it
 * while the first task is open. The engine's state, the tasks and the history live in the
 * database (wf_instance, wf_task, wf_history): every action locks the instance row, recovers the
 * engine from the saved state, acts and saves it in one transaction, so an instance survives a
 * restart and any process on the same database can continue it. The record's approval status
 * follows the instance through the screen's declared status actions: submit's `to` while it
 * runs, approve's `to` when it ends, reject's `to` when rejected, submit's first `from` when
 * withdrawn.
 */
export class InstanceService {
  readonly notices: TaskNotices;

  constructor(
    private readonly db: Db,
    private readonly records: RecordService,
    private readonly screens: { get(id: string): LoadedScreen | undefined },
    notices?: TaskNotices,
  ) {
    this.notices = notices ?? new TaskNotices();
  }

  /** The role codes of a user (candidate groups are role codes). */
  async rolesOf(username: string, via: Db = this.db): Promise<string[]> {
    const rows = await via
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select('r.role_code')
      .where('u.username', '=', username)
      .execute();
    return rows.map((r) => r.role_code as string);
  }

  /** The record's values an expression reads (fields by name or column), the initiator and its department. */
  private async variablesOf(trx: Db, loaded: LoadedScreen, recordId: string, starter: string): Promise<Row> {
    const [row] = await snapshotRows(trx, loaded, [recordId]);
    return { ...(row ?? {}), initiator: starter, startUser: starter };
  }

  /**
   * Starts the bound process for a record inside the caller's transaction (the 提交 status
   * action): runs the definition until its first tasks, stores instance, tasks and history.
   * Returns the instance id. The record's status was already moved by the action.
   */
  async start(trx: Db, loaded: LoadedScreen, recordId: string, user: SessionUser): Promise<string> {
    const def = await boundDefinition(trx, loaded.screen.id);
    if (!def) throw new BizError(WF_TEXT.notDeployed);
    const variables = await this.variablesOf(trx, loaded, recordId, user.username);
    const step = await runStep({ xml: def.xml, scope: { variables } });
    const now = formatDateTime();
    const titleField = loaded.screen.fields.find((f) => f.name === 'title') ?? loaded.screen.fields.find((f) => f.widget === 'input');
    const instance: WfInstance = {
      id: newId(),
      definition_id: def.id,
      process_key: def.process_key,
      process_name: def.name,
      version: def.version,
      screen_id: loaded.screen.id,
      record_id: recordId,
      title: titleField ? String(variables[toColumn(titleField.name)] ?? '').slice(0, 200) || null : null,
      starter: user.username,
      status: INSTANCE_STATUS.running,
      state: step.state,
      current_nodes: null,
      start_time: now,
      end_time: null,
      tenant_id: user.tenantId ?? 0,
      rev: 0,
    };
    await trx.insertInto('wf_instance').values(instance).execute();
    await this.history(trx, instance.id, null, 'start', user, null);
    await this.afterStep(trx, instance, step, variables, user);
    return instance.id;
  }

  /**
   * Loads and locks a task's instance and checks the actor: the instance must be of the request's
   * tenant (else 任务不存在, as for an unknown task); ForbiddenError (403) for a non-participant.
   */
  private async lockTask(trx: Db, taskId: unknown, user: SessionUser, needAssigned = true) {
    if (typeof taskId !== 'string' || !taskId) throw new BizError(WF_TEXT.taskNotFound);
    const peek = await trx.selectFrom('wf_task').select(['instance_id']).where('id', '=', taskId).executeTakeFirst();
    if (!peek) throw new BizError(WF_TEXT.taskNotFound);
    const instance = await trx.selectFrom('wf_instance').selectAll().where('id', '=', peek.instance_id).forUpdate().executeTakeFirst();
    if (!instance) throw new BizError(WF_TEXT.instanceNotFound);
    if (instance.tenant_id !== tenantOf(user)) throw new BizError(WF_TEXT.taskNotFound);
    const task = await trx.selectFrom('wf_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    const roles = await this.rolesOf(user.username, trx);
    if (!mayAct(task, user.username, roles)) throw new ForbiddenError(WF_TEXT.notAssignee);
    if (task.status !== 'open' || instance.status !== INSTANCE_STATUS.running) throw new BizError(WF_TEXT.taskNotFound);
    if (needAssigned && !task.assignee) throw new BizError(WF_TEXT.needClaim);
    return { instance, task };
  }

  private screenOf(instance: WfInstance): LoadedScreen {
    const loaded = this.screens.get(instance.screen_id);
    if (!loaded) throw new BizError(WF_TEXT.screenUnknown(instance.screen_id));
    return loaded;
  }

  /**
   * Approves a task: closes it and, once no other open task shares its engine execution (a
   * signer added to it), completes the engine's wait, which moves the instance on (the next
   * tasks, or the end: the record becomes approved). 403 when the user may not act on it.
   */
  async approve(taskId: unknown, comment: string | null, user: SessionUser): Promise<void> {
    await this.inTx(async (trx) => {
      const { instance, task } = await this.lockTask(trx, taskId, user);
      await this.closeTask(trx, task, 'approve', comment);
      await this.history(trx, instance.id, task, 'approve', user, comment);
      const sharing = await trx
        .selectFrom('wf_task')
        .select('id')
        .where('instance_id', '=', instance.id)
        .where('execution_id', '=', task.execution_id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (sharing) return;
      const loaded = this.screenOf(instance);
      const variables = await this.variablesOf(trx, loaded, instance.record_id, instance.starter);
      const counters = await this.counters(trx, instance, task);
      const step = await runStep({
        state: instance.state ?? undefined,
        scope: { variables, counters },
        signal: { executionId: String(task.execution_id) },
      });
      await this.afterStep(trx, instance, step, variables, user);
    });
  }

  /** The multi-instance counters of the node of `task` once it completes (spec 2.7 help text). */
  private async counters(trx: Db, instance: WfInstance, task: WfTask): Promise<Record<string, number>> {
    const parent = String(task.execution_id ?? '').replace(/_\d+$/, '');
    if (parent === task.execution_id) return {};
    const siblings = await trx
      .selectFrom('wf_task')
      .select(['execution_id', 'status', 'outcome'])
      .where('instance_id', '=', instance.id)
      .where('execution_id', 'like', `${parent}\\_%`)
      .execute();
    // an iteration is complete when its tasks (the assignee's and any added signers') are all approved
    const byIteration = new Map<string, string[]>();
    for (const s of siblings)
      byIteration.set(String(s.execution_id), [
        ...(byIteration.get(String(s.execution_id)) ?? []),
        s.status === 'open' ? 'open' : String(s.outcome),
      ]);
    const states = [...byIteration.values()];
    const done = states.filter((o) => !o.includes('open') && o.includes('approve')).length;
    const open = states.filter((o) => o.includes('open')).length;
    return { nrOfCompletedInstances: done, nrOfActiveInstances: open };
  }

  /** Rejects a task: the instance ends as rejected, open tasks are cancelled, the record returns to its applicant (已驳回). */
  async reject(taskId: unknown, comment: string | null, user: SessionUser): Promise<void> {
    if (!comment?.trim()) throw new BizError(WF_TEXT.commentRequired);
    await this.inTx(async (trx) => {
      const { instance, task } = await this.lockTask(trx, taskId, user);
      await this.closeTask(trx, task, 'reject', comment);
      await this.history(trx, instance.id, task, 'reject', user, comment);
      await this.finish(trx, instance, INSTANCE_STATUS.rejected, user);
    });
  }

  /** Transfers a task to another user (its assignee changes; the previous one is kept as owner). */
  async transfer(taskId: unknown, target: unknown, comment: string | null, user: SessionUser): Promise<void> {
    const to = typeof target === 'string' ? target.trim() : '';
    if (!to) throw new BizError(WF_TEXT.transferTarget);
    if (to === user.username) throw new BizError(WF_TEXT.transferSelf);
    await this.inTx(async (trx) => {
      const { instance, task } = await this.lockTask(trx, taskId, user);
      await this.assertUser(trx, to, instance.tenant_id);
      await trx
        .updateTable('wf_task')
        .set({ assignee: to, owner: task.owner ?? task.assignee })
        .where('id', '=', task.id)
        .execute();
      await this.history(trx, instance.id, task, 'transfer', user, comment ? `${comment}（转办给 ${to}）` : `转办给 ${to}`);
      await this.notices.queue(trx, instance, { ...task, assignee: to });
    });
  }

  /** A candidate takes an unassigned task (签收). */
  async claim(taskId: unknown, user: SessionUser): Promise<void> {
    await this.inTx(async (trx) => {
      const { instance, task } = await this.lockTask(trx, taskId, user, false);
      if (task.assignee) throw new BizError(task.assignee === user.username ? WF_TEXT.taskNotFound : WF_TEXT.claimTaken);
      await trx.updateTable('wf_task').set({ assignee: user.username }).where('id', '=', task.id).execute();
      await this.history(trx, instance.id, task, 'claim', user, null);
    });
  }

  /**
   * Adds a signer to a counter-sign task (加签): a further task on the same engine wait, so the
   * wait completes only when the assignee and every added signer approved.
   */
  async addSigner(taskId: unknown, signer: unknown, comment: string | null, user: SessionUser): Promise<void> {
    const who = typeof signer === 'string' ? signer.trim() : '';
    if (!who) throw new BizError(WF_TEXT.signerRequired);
    await this.inTx(async (trx) => {
      const { instance, task } = await this.lockTask(trx, taskId, user);
      if (!/_\d+$/.test(String(task.execution_id ?? ''))) throw new BizError(WF_TEXT.signerNotMulti);
      await this.assertUser(trx, who, instance.tenant_id);
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
      await this.history(trx, instance.id, task, 'addSign', user, comment ? `${comment}（加签 ${who}）` : `加签 ${who}`);
      await this.notices.queue(trx, instance, added);
    });
  }

  /** The starter withdraws a running instance while nobody has approved yet: tasks cancelled, record back to draft. */
  async withdraw(instanceId: unknown, user: SessionUser): Promise<void> {
    if (typeof instanceId !== 'string' || !instanceId) throw new BizError(WF_TEXT.instanceNotFound);
    await this.inTx(async (trx) => {
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
      await this.history(trx, instance.id, null, 'withdraw', user, null);
      await this.finish(trx, instance, INSTANCE_STATUS.withdrawn, user);
    });
  }

  private async inTx(fn: (trx: Db) => Promise<void>): Promise<void> {
    try {
      await inTransaction(this.db, fn);
    } catch (e) {
      this.notices.drop();
      throw e;
    }
    this.notices.flush();
  }

  /**
   * Checks the target of a transfer or an added signer: an existing user who belongs to the
   * instance's tenant (`sys_user.rel_tenant_ids`; tenant 0 = no tenant: any user). Outside the
   * tenant the answer is the same as for an unknown user, so no other tenant's user names leak.
   */
  private async assertUser(trx: Db, username: string, tenant: number): Promise<void> {
    let q = trx.selectFrom('sys_user').select('id').where('username', '=', username).where('del_flag', '=', 0);
    for (const c of userTenantScope({ tenantId: tenant })) q = q.where(c as never);
    const u = await q.executeTakeFirst();
    if (!u) throw new BizError(tenant ? WF_TEXT.userOutsideTenant(username) : WF_TEXT.userUnknown(username));
  }

  private async closeTask(trx: Db, task: WfTask, outcome: string, comment: string | null): Promise<void> {
    await trx
      .updateTable('wf_task')
      .set({ status: 'done', outcome, comment: comment?.slice(0, 1000) ?? null, end_time: formatDateTime() })
      .where('id', '=', task.id)
      .execute();
  }

  /** Stores the step: state, current nodes, new tasks for new waits, cancelled tasks for waits gone; the end approves the record. */
  private async afterStep(trx: Db, instance: WfInstance, step: StepResult, variables: Row, user: SessionUser): Promise<void> {
    const open = await trx.selectFrom('wf_task').selectAll().where('instance_id', '=', instance.id).where('status', '=', 'open').execute();
    const waitingIds = new Set(step.waiting.map((w) => w.executionId));
    const gone = open.filter((t) => !waitingIds.has(String(t.execution_id))).map((t) => t.id);
    if (gone.length)
      await trx.updateTable('wf_task').set({ status: 'cancelled', end_time: formatDateTime() }).where('id', 'in', gone).execute();
    const known = new Set(open.map((t) => String(t.execution_id)));
    for (const w of step.waiting) {
      if (known.has(w.executionId)) continue;
      const task = this.newTask(instance, w, variables);
      await trx.insertInto('wf_task').values(task).execute();
      await this.notices.queue(trx, instance, task);
    }
    const nodes = [...new Set(step.waiting.map((w) => w.elementId))].join(',').slice(0, 1000) || null;
    await trx
      .updateTable('wf_instance')
      .set({ state: step.state, current_nodes: nodes, rev: instance.rev + 1 })
      .where('id', '=', instance.id)
      .execute();
    if (step.ended) {
      await this.history(trx, instance.id, null, 'complete', user, null);
      await this.finish(trx, { ...instance, state: step.state }, INSTANCE_STATUS.approved, user);
    }
  }

  /** A task for an engine wait: assignee, candidate users and groups resolved from the node's attributes (a counter-sign iteration's element variable is its assignee by default). */
  private newTask(instance: WfInstance, w: WaitingTask, variables: Row): WfTask {
    const loopContent = w.loop ? { [w.loop.variable]: w.loop.value, loopCounter: w.loop.index } : {};
    const ex = safeExpressions({ variables });
    const resolve = (v: unknown) => (typeof v === 'string' && v ? ex.resolveExpression(v, { content: loopContent }) : null);
    const assigneeValue = resolve(w.behaviour.assignee) ?? (w.loop ? w.loop.value : null);
    const assignee = split(assigneeValue)[0] ?? null;
    const users = split(resolve(w.behaviour.candidateUsers));
    const groups = split(resolve(w.behaviour.candidateGroups));
    const label = w.name ?? w.elementId;
    if (!assignee && !users.length && !groups.length) throw new BizError(WF_TEXT.noAssignee(label));
    return {
      id: newId(),
      instance_id: instance.id,
      execution_id: w.executionId,
      element_id: w.elementId,
      element_name: w.name,
      assignee,
      candidate_users: users.join(',') || null,
      candidate_groups: groups.join(',') || null,
      owner: null,
      parent_task_id: null,
      status: 'open',
      outcome: null,
      comment: null,
      create_time: formatDateTime(),
      end_time: null,
      tenant_id: instance.tenant_id,
    };
  }

  /** Ends an instance (approved, rejected or withdrawn): open tasks cancelled, the record's status set. */
  private async finish(trx: Db, instance: WfInstance, status: string, user: SessionUser): Promise<void> {
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
    const loaded = this.screenOf(instance);
    const wf = loaded.screen.workflow;
    if (!wf) return;
    const code = status === INSTANCE_STATUS.approved ? 'approve' : status === INSTANCE_STATUS.rejected ? 'reject' : 'submit';
    const action = wf.actions.find((a) => a.code === code);
    const to = status === INSTANCE_STATUS.withdrawn ? action?.from[0] : action?.to;
    if (to !== undefined) await this.setRecordStatus(trx, loaded, instance.record_id, to, user);
  }

  /** Moves the record to `status` and recomputes what reads it (an approved document starts to count in sums). */
  private async setRecordStatus(trx: Db, loaded: LoadedScreen, recordId: string, status: string, user: SessionUser): Promise<void> {
    const wf = loaded.screen.workflow!;
    const before = await snapshotRows(trx, loaded, [recordId]);
    const set: Row = { [toColumn(wf.statusField)]: status };
    if (loaded.systemColumns.has('update_by')) set.update_by = user.username;
    if (loaded.systemColumns.has('update_time')) set.update_time = formatDateTime();
    await sql`update ${sql.table(loaded.screen.tableName)} set ${sql.join(
      Object.entries(set).map(([k, v]) => sql`${sql.ref(k)} = ${v}`),
    )} where id = ${recordId}`.execute(trx);
    const engine = this.records.compute;
    if (engine?.matters(loaded)) {
      const after = (await engine.recompute(trx, loaded, [recordId])).map((c) => c.after);
      await engine.propagate(trx, loaded, [...before, ...after]);
    }
    this.records.bump(loaded);
  }

  /** Writes one history line: who did what on which node, when, with the comment. */
  private async history(
    trx: Db,
    instanceId: string,
    task: WfTask | null,
    action: WfAction,
    user: SessionUser,
    comment: string | null,
  ): Promise<void> {
    await trx
      .insertInto('wf_history')
      .values({
        id: newId(),
        instance_id: instanceId,
        task_id: task?.id ?? null,
        element_id: task?.element_id ?? null,
        element_name: task?.element_name ?? null,
        action,
        username: user.username,
        realname: user.realname,
        comment: comment?.slice(0, 1000) ?? null,
        create_time: formatDateTime(),
      })
      .execute();
  }
}
