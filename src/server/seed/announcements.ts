import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import type { SysAnnouncement } from '../db/tables-announcement.js';
import { formatDateTime } from '../../shared/time.js';
import type { SeededUser } from './users.js';
import { inTransaction } from '../db/transaction.js';

type Draft = Pick<SysAnnouncement, 'titile' | 'msg_content' | 'priority' | 'msg_category' | 'msg_type' | 'send_status'> &
  Partial<Pick<SysAnnouncement, 'msg_abstract' | 'open_type' | 'open_page'>> & {
    /** Days before the seed time it was released (or written, for drafts). */
    daysAgo: number;
    /** Usernames of the recipients of a USER notice. */
    to?: string[];
    /** Usernames who have already read it. */
    readBy?: string[];
  };

const DEMO: readonly Draft[] = [
  {
    titile: '关于2026年劳动节放假安排的通知',
    msg_abstract: '5月1日至5日放假调休，共5天。',
    msg_content:
      '<p>各部门：</p><p>根据国务院办公厅通知精神，现将2026年劳动节放假安排通知如下：</p><p><b>5月1日（星期五）至5日（星期二）放假调休，共5天。</b>4月26日（星期日）、5月9日（星期六）上班。</p><p>节假日期间，各部门要妥善安排好值班和安全、保卫等工作，遇有重大突发事件，要按规定及时报告并妥善处置。</p><p style="text-align: right;">综合办公室</p>',
    priority: 'M',
    msg_category: '1',
    msg_type: 'ALL',
    send_status: '1',
    daysAgo: 3,
    readBy: ['admin'],
  },
  {
    titile: '办公系统升级维护通知',
    msg_abstract: '本周六 22:00 至次日 02:00 系统维护，期间暂停访问。',
    msg_content:
      '<p>为提升系统性能，信息中心定于<b>本周六 22:00 至次日 02:00</b>对办公管理系统进行升级维护，期间系统将暂停访问。</p><p>请各位同事提前保存好手头工作，给您带来的不便敬请谅解。</p>',
    priority: 'H',
    msg_category: '1',
    msg_type: 'ALL',
    send_status: '1',
    daysAgo: 1,
  },
  {
    titile: '关于开展年度消防安全检查的通知',
    msg_content: '<p>各部门请于本月底前完成办公区域消防器材、疏散通道的自查，并将自查表报综合办公室。</p>',
    priority: 'L',
    msg_category: '1',
    msg_type: 'ALL',
    send_status: '0',
    daysAgo: 0,
  },
  {
    titile: '请核对本月银行账户余额',
    msg_abstract: '月末对账提醒',
    msg_content: '<p>月末将至，请核对各银行账户余额与银行对账单是否一致，如有差异请及时说明原因。</p>',
    priority: 'M',
    msg_category: '2',
    msg_type: 'USER',
    send_status: '1',
    daysAgo: 0,
    to: ['chenjing', 'wangfang', 'lina'],
    open_type: 'url',
    open_page: '/online/cgformList/fin_bank_account',
  },
  {
    titile: '您的车辆使用申请已登记',
    msg_content: '<p>您提交的车辆使用申请已登记，请按约定时间到车辆管理处办理出车手续。</p>',
    priority: 'L',
    msg_category: '2',
    msg_type: 'USER',
    send_status: '1',
    daysAgo: 2,
    to: ['zhaomin'],
    readBy: ['zhaomin'],
  },
];

/**
 * Demo announcements: two published notices to everyone, one draft and two
 * published system messages to chosen users, with their send rows (some already read), so the
 * bell and the announcement screens show realistic data on a new install. Users missing from
 * `users` are skipped. Returns the number of announcements written.
 */
export async function seedAnnouncements(
  db: Db,
  users: readonly Pick<SeededUser, 'id' | 'username'>[],
  baseDate = new Date(),
): Promise<number> {
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const at = (daysAgo: number, hour: number) => {
    const d = new Date(baseDate.getTime() - daysAgo * 86_400_000);
    d.setHours(hour, 30, 0, 0);
    return formatDateTime(d);
  };
  await inTransaction(db, async (trx) => {
    for (const a of DEMO) {
      const id = newId();
      const written = at(a.daysAgo, 9);
      const released = a.send_status === '1' ? at(a.daysAgo, 10) : null;
      const recipients =
        a.msg_type === 'USER' ? (a.to ?? []).map((u) => idOf.get(u)).filter((v): v is string => !!v) : users.map((u) => u.id);
      await trx
        .insertInto('sys_announcement')
        .values({
          id,
          titile: a.titile,
          msg_content: a.msg_content,
          start_time: written,
          end_time: null,
          sender: 'admin',
          priority: a.priority,
          msg_category: a.msg_category,
          msg_type: a.msg_type,
          send_status: a.send_status,
          send_time: released,
          cancel_time: null,
          del_flag: '0',
          bus_type: null,
          bus_id: null,
          open_type: a.open_type ?? null,
          open_page: a.open_page ?? null,
          user_ids: a.msg_type === 'USER' ? recipients.join(',') + ',' : null,
          msg_abstract: a.msg_abstract ?? null,
          dt_task_id: null,
          tenant_id: 0,
          create_by: 'admin',
          create_time: written,
          update_by: null,
          update_time: null,
        })
        .execute();
      if (!released || !recipients.length) continue;
      const readers = new Set((a.readBy ?? []).map((u) => idOf.get(u)));
      await trx
        .insertInto('sys_announcement_send')
        .values(
          recipients.map((uid) => ({
            id: newId(),
            annt_id: id,
            user_id: uid,
            read_flag: readers.has(uid) ? '1' : '0',
            read_time: readers.has(uid) ? released : null,
            create_by: 'admin',
            create_time: released,
            update_by: null,
            update_time: null,
          })),
        )
        .execute();
    }
  });
  return DEMO.length;
}
