import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import { BizError } from '../../http/envelope.js';
import type { WfInstance, WfTask } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import type { LoadedScreen } from '../../online/screen-registry.js';
import { snapshotRows } from '../../online/compute/engine.js';
import { formatDateTime } from '../../../shared/time.js';
import type { StepResult, WaitingTask } from './engine-runner.js';
import { safeExpressions } from './safe-expressions.js';
import type { WfCall } from './instance-context.js';
import { finishInstance } from './instance-finish.js';
import { writeHistory } from './instance-history.js';
import { splitList } from './instance-lookups.js';
import { INSTANCE_STATUS, WF_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** The record's values an expression reads (fields by name or column), the initiator and its department. */
export async function variablesOf(trx: Db, loaded: LoadedScreen, recordId: string, starter: string): Promise<Row> {
  const [row] = await snapshotRows(trx, loaded, [recordId]);
  return { ...(row ?? {}), initiator: starter, startUser: starter };
}

/**
 * Stores an engine step: state, current nodes, new tasks for new waits (each announced through
 * the bell), cancelled tasks for waits gone; the end approves the instance and the record.
 */
export async function afterStep(
  deps: WfCall,
  trx: Db,
  instance: WfInstance,
  step: StepResult,
  variables: Row,
  user: SessionUser,
): Promise<void> {
  const open = await trx.selectFrom('wf_task').selectAll().where('instance_id', '=', instance.id).where('status', '=', 'open').execute();
  const waitingIds = new Set(step.waiting.map((w) => w.executionId));
  const gone = open.filter((t) => !waitingIds.has(String(t.execution_id))).map((t) => t.id);
  if (gone.length)
    await trx.updateTable('wf_task').set({ status: 'cancelled', end_time: formatDateTime() }).where('id', 'in', gone).execute();
  const known = new Set(open.map((t) => String(t.execution_id)));
  for (const w of step.waiting) {
    if (known.has(w.executionId)) continue;
    const task = newTask(instance, w, variables);
    await trx.insertInto('wf_task').values(task).execute();
    await deps.notices.queue(trx, instance, task);
  }
  const nodes = [...new Set(step.waiting.map((w) => w.elementId))].join(',').slice(0, 1000) || null;
  await trx
    .updateTable('wf_instance')
    .set({ state: step.state, current_nodes: nodes, rev: instance.rev + 1 })
    .where('id', '=', instance.id)
    .execute();
  if (step.ended) {
    await writeHistory(trx, instance.id, null, 'complete', user, null);
    await finishInstance(deps, trx, { ...instance, state: step.state }, INSTANCE_STATUS.approved, user);
  }
}

/** A task for an engine wait: assignee, candidate users and groups resolved from the node's attributes (a counter-sign iteration's element variable is its assignee by default). */
export function newTask(instance: WfInstance, w: WaitingTask, variables: Row): WfTask {
  const loopContent = w.loop ? { [w.loop.variable]: w.loop.value, loopCounter: w.loop.index } : {};
  const ex = safeExpressions({ variables });
  const resolve = (v: unknown) => (typeof v === 'string' && v ? ex.resolveExpression(v, { content: loopContent }) : null);
  const assigneeValue = resolve(w.behaviour.assignee) ?? (w.loop ? w.loop.value : null);
  const assignee = splitList(assigneeValue)[0] ?? null;
  const users = splitList(resolve(w.behaviour.candidateUsers));
  const groups = splitList(resolve(w.behaviour.candidateGroups));
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

/** The multi-instance counters of the node of `task` once it completes (spec 2.7 help text). */
export async function counters(trx: Db, instance: WfInstance, task: WfTask): Promise<Record<string, number>> {
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
