import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { WfInstance, WfTask } from '../../db/tables-workflow.js';
import type { NoticeHub } from '../../ws/notice-hub.js';
import { formatDateTime } from '../../../shared/time.js';

/** Route of 我的待办, where a new-task message leads. */
export const TODO_PAGE = '/workflow/todo';

/** One websocket push of a new-task message: its recipients (user ids), the message id and text. */
export interface TaskPush {
  userIds: string[];
  msgId: string;
  msgTxt: string;
}

/**
 * The notice bell's new-task messages (spec 2.5 system messages) for one app: {@link batch}
 * gives each workflow transaction its own collector, so concurrent requests never flush or drop
 * each other's pushes.
 */
export class TaskNotices {
  constructor(private readonly hub?: NoticeHub) {}

  /** A collector for one transaction: queue in it, then `send()` after the commit (a rollback simply never sends). */
  batch(): NoticeBatch {
    return new NoticeBatch(this.hub);
  }
}

/**
 * The new-task messages of one transaction: for every new task a system message (category 2, to
 * the assignee, or to the candidate users and the holders of the candidate roles) is written in
 * the transaction; the websocket pushes that make the bell reload wait for {@link send}, which the
 * caller runs after the commit.
 */
export class NoticeBatch {
  private pending: TaskPush[] = [];
  private sent = false;

  constructor(private readonly hub?: NoticeHub) {}

  /** Writes the message of a new task for its people (in `trx`) and remembers the push. */
  async queue(trx: Db, instance: WfInstance, task: WfTask): Promise<void> {
    const names = [task.assignee, ...(task.assignee ? [] : (task.candidate_users ?? '').split(','))].filter((x): x is string => !!x);
    const groups = task.assignee ? [] : (task.candidate_groups ?? '').split(',').filter(Boolean);
    let q = trx.selectFrom('sys_user as u').select('u.id').where('u.del_flag', '=', 0);
    q = q.where((eb) =>
      eb.or([
        ...(names.length ? [eb('u.username', 'in', names)] : []),
        ...(groups.length
          ? [
              eb(
                'u.id',
                'in',
                eb
                  .selectFrom('sys_user_role as ur')
                  .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
                  .select('ur.user_id')
                  .where('r.role_code', 'in', groups),
              ),
            ]
          : []),
        eb.val(false),
      ]),
    );
    const userIds = (await q.execute()).map((r) => r.id);
    if (!userIds.length) return;
    const now = formatDateTime();
    const id = newId();
    const title =
      `您有新的待办：${instance.process_name}${instance.title ? ` - ${instance.title}` : ''}（${task.element_name ?? task.element_id}）`.slice(
        0,
        100,
      );
    await trx
      .insertInto('sys_announcement')
      .values({
        id,
        titile: title,
        msg_content: `<p>${escapeHtml(title)}</p>`,
        start_time: now,
        end_time: null,
        sender: instance.starter,
        priority: 'M',
        msg_category: '2',
        msg_type: 'USER',
        send_status: '1',
        send_time: now,
        cancel_time: null,
        del_flag: '0',
        bus_type: 'wf_task',
        bus_id: task.id,
        open_type: 'url',
        open_page: TODO_PAGE,
        user_ids: userIds.join(','),
        msg_abstract: title,
        dt_task_id: null,
        tenant_id: instance.tenant_id || null,
        create_by: instance.starter,
        create_time: now,
        update_by: null,
        update_time: null,
      } as never)
      .execute();
    await trx
      .insertInto('sys_announcement_send')
      .values(
        userIds.map((uid) => ({
          id: newId(),
          annt_id: id,
          user_id: uid,
          read_flag: '0',
          read_time: null,
          create_by: instance.starter,
          create_time: now,
          update_by: null,
          update_time: null,
        })) as never,
      )
      .execute();
    this.pending.push({ userIds, msgId: id, msgTxt: title });
  }

  /** Pushes the queued messages once; call it only after the transaction committed. */
  send(): void {
    if (this.sent) return;
    this.sent = true;
    for (const p of this.pending) this.hub?.sendToUsers(p.userIds, p.msgId, p.msgTxt);
    this.pending = [];
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
