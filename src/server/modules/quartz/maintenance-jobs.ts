import { sql } from 'kysely';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../../shared/time.js';
import type { JobClass } from './job-registry.js';
import { QUARTZ_TEXT } from './texts.js';

/** The whole number of a job's parameter (default when empty); throws the job's own message otherwise. */
function countParameter(parameter: string | null, fallback: number, problem: string): number {
  const text = (parameter ?? '').trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(problem);
  return n;
}

/**
 * Deletes login and operation log lines (sys_log) older than the parameter's number of days
 * (default 180), so the log list and its table stay small. Nightly by default.
 */
export const LogCleanJob: JobClass = {
  name: 'org.jeecg.modules.quartz.job.LogCleanJob',
  title: '清理历史日志',
  defaultCron: '0 30 2 * * ?',
  defaultParameter: '180',
  parameterHint: '保留的天数，默认 180',
  async run(ctx) {
    const days = countParameter(ctx.parameter, 180, QUARTZ_TEXT.daysParameter);
    const cutoff = formatDateTime(new Date(Date.now() - days * 86_400_000));
    const res = await ctx.db.deleteFrom('sys_log').where('create_time', '<', cutoff).executeTakeFirst();
    ctx.log(`清理历史日志：删除 ${Number(res.numDeletedRows ?? 0)} 条（早于 ${cutoff}，保留 ${days} 天）`);
  },
};

/**
 * Compacts the data log (sys_data_log): keeps the newest `parameter` versions of each record
 * (default 20) and deletes the older ones, which 数据日志 would otherwise keep for ever.
 */
export const DataLogCompactJob: JobClass = {
  name: 'org.jeecg.modules.quartz.job.DataLogCompactJob',
  title: '压缩数据日志',
  defaultCron: '0 0 3 * * ?',
  defaultParameter: '20',
  parameterHint: '每条记录保留的版本数，默认 20',
  async run(ctx) {
    const keep = countParameter(ctx.parameter, 20, QUARTZ_TEXT.versionsParameter);
    const res = await sql`delete from sys_data_log d using (
        select id, row_number() over (partition by data_table, data_id order by data_version desc, create_time desc) as rn from sys_data_log
      ) r where d.id = r.id and r.rn > ${keep}`.execute(ctx.db);
    ctx.log(`压缩数据日志：删除 ${Number(res.numAffectedRows ?? 0)} 个旧版本（每条记录保留最新 ${keep} 个）`);
  },
};

/** bus_type of the reminders NoticeReminderJob writes (a newer reminder replaces the user's older one). */
export const REMINDER_BUS_TYPE = 'notice_reminder';

/**
 * Reminds every active user who has notices (通知公告, category 1) published more than
 * `parameter` days ago (default 3) still unread: one system message (category 2, to that user,
 * opening 我的消息) saying how many; the user's previous reminder is withdrawn, so reminders
 * never pile up. Weekday mornings by default.
 */
export const NoticeReminderJob: JobClass = {
  name: 'org.jeecg.modules.quartz.job.NoticeReminderJob',
  title: '未读通知提醒',
  defaultCron: '0 0 9 ? * 2-6',
  defaultParameter: '3',
  parameterHint: '通知发布超过几天仍未读时提醒，默认 3',
  async run(ctx) {
    const days = countParameter(ctx.parameter, 3, QUARTZ_TEXT.daysParameter);
    const cutoff = formatDateTime(new Date(Date.now() - days * 86_400_000));
    const unread = (
      await sql<{ user_id: string; n: number }>`select u.id as user_id, count(*)::int as n
        from sys_user u
        join sys_announcement a on a.send_status = '1' and a.del_flag = '0' and a.msg_category = '1' and a.send_time <= ${cutoff}::timestamp
        left join sys_announcement_send s on s.annt_id = a.id and s.user_id = u.id
        where u.del_flag = 0 and u.status = 1
          and ((s.id is not null and s.read_flag = '0')
            or (s.id is null and a.msg_type = 'ALL' and (a.end_time is null or a.end_time >= u.create_time)))
        group by u.id`.execute(ctx.db)
    ).rows;
    const now = formatDateTime();
    await inTransaction(ctx.db, async (trx) => {
      for (const { user_id: userId, n } of unread) {
        await trx
          .updateTable('sys_announcement')
          .set({ del_flag: '1', update_by: 'admin', update_time: now })
          .where('bus_type', '=', REMINDER_BUS_TYPE)
          .where('user_ids', '=', userId)
          .where('del_flag', '=', '0')
          .execute();
        const id = newId();
        await trx
          .insertInto('sys_announcement')
          .values({
            id,
            titile: QUARTZ_TEXT.reminderTitle,
            msg_content: `<p>${QUARTZ_TEXT.reminderText(n, days)}</p>`,
            msg_abstract: QUARTZ_TEXT.reminderText(n, days),
            sender: 'admin',
            priority: 'M',
            msg_category: '2',
            msg_type: 'USER',
            user_ids: userId,
            send_status: '1',
            send_time: now,
            del_flag: '0',
            bus_type: REMINDER_BUS_TYPE,
            open_type: 'url',
            open_page: '/isps/userAnnouncement',
            create_by: 'admin',
            create_time: now,
          } as never)
          .execute();
        await trx
          .insertInto('sys_announcement_send')
          .values({ id: newId(), annt_id: id, user_id: userId, read_flag: '0', create_by: 'admin', create_time: now } as never)
          .execute();
      }
    });
    ctx.log(`未读通知提醒：提醒 ${unread.length} 位用户（通知发布超过 ${days} 天未读）`);
  },
};
