import type { Db } from '../../db/connection.js';
import type { WfTask } from '../../db/tables-workflow.js';
import { INSTANCE_STATUS } from './texts.js';

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

/** A comma list, an array or a single value as trimmed, non-empty strings. */
export const splitList = (v: unknown): string[] =>
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
  return splitList(task.candidate_users).includes(username) || splitList(task.candidate_groups).some((g) => roles.includes(g));
}

/** The role codes of a user (candidate groups are role codes). */
export async function rolesOf(via: Db, username: string): Promise<string[]> {
  const rows = await via
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.role_code')
    .where('u.username', '=', username)
    .execute();
  return rows.map((r) => r.role_code as string);
}
