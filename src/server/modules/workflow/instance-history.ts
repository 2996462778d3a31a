import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { WfTask } from '../../db/tables-workflow.js';
import type { SessionUser } from '../auth/token-service.js';
import { formatDateTime } from '../../../shared/time.js';
import type { WfAction } from './texts.js';

/** Writes one history line: who did what on which node, when, with the comment. */
export async function writeHistory(
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

/** Closes a task with its outcome (approve, reject) and comment. */
export async function closeTask(trx: Db, task: WfTask, outcome: string, comment: string | null): Promise<void> {
  await trx
    .updateTable('wf_task')
    .set({ status: 'done', outcome, comment: comment?.slice(0, 1000) ?? null, end_time: formatDateTime() })
    .where('id', '=', task.id)
    .execute();
}
