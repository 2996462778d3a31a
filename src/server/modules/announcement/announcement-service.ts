import { sql } from 'kysely';
import { PAGE_LIMIT, likeContains, pagingOf } from '../../http/list-query.js';
import type { Db } from '../../db/connection.js';
import type { SysAnnouncement } from '../../db/tables-announcement.js';
import { newId } from '../../db/ids.js';
import { BizError } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import type { SessionUser } from '../auth/token-service.js';
import type { NoticeHub } from '../../ws/notice-hub.js';
import { ANNT_TEXT } from './texts.js';
import { inTransaction } from '../../db/transaction.js';

type Row = Record<string, unknown>;

/** sys_announcement.send_status values (api-contract §5.6). */
export const SEND_STATUS = { draft: '0', published: '1', revoked: '2' } as const;
/** sys_announcement.msg_category values: 1 notice (通知), 2 system message (系统消息). */
export const MSG_CATEGORY = { notice: '1', system: '2' } as const;

/** The announcement columns answered to the bell and the detail dialog (no tenant, no task id). */
const PUBLIC_COLUMNS = [
  'a.id',
  'a.titile',
  'a.msg_content',
  'a.start_time',
  'a.end_time',
  'a.sender',
  'a.priority',
  'a.msg_category',
  'a.msg_type',
  'a.send_status',
  'a.send_time',
  'a.cancel_time',
  'a.bus_type',
  'a.bus_id',
  'a.open_type',
  'a.open_page',
  'a.msg_abstract',
  'a.create_by',
  'a.create_time',
] as const;

/**
 * Splits a `user_ids` value ('id1,id2,' — JeecgBoot's clients end it with a comma) into
 * distinct non-empty ids.
 */
export function splitUserIds(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Release, revoke, the signed-in user's unread lists, mark-read and the user's own announcement
 * list (api-contract §4.5 `/sys/annountCement`, `/sys/sysAnnouncementSend`, §9.2). Writes run in
 * one transaction each; pushes over the websocket happen after the commit.
 *
 * Who sees what: an announcement reaches a user when it is published (send_status 1, not
 * deleted) and either has a send row for that user (written at release: every user for `ALL`,
 * the chosen ones for `USER`) or is an `ALL` announcement still running when the user was
 * created (end_time empty or not before the user's create_time, as JeecgBoot's listByUser).
 */
export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly hub: NoticeHub,
  ) {}

  /**
   * Publishes announcement `id` (doReleaseData): send_status 1, send_time now, sender = the
   * releasing user's username (the client resolves the real name), a send row (unread) per
   * recipient, then a `topic` frame to everyone (`ALL`) or a `user` frame to each recipient
   * (`USER`). BizError when missing, already published, or a `USER` notice has no valid users.
   * Returns the updated row (camelCase).
   */
  async release(id: string, user: SessionUser): Promise<Row> {
    if (!id) throw new BizError(ANNT_TEXT.needId);
    const now = formatDateTime();
    const { row, recipients } = await inTransaction(this.db, async (trx) => {
      const existing = await trx
        .selectFrom('sys_announcement')
        .selectAll()
        .where('id', '=', id)
        .where('del_flag', '=', '0')
        .forUpdate()
        .executeTakeFirst();
      if (!existing) throw new BizError(ANNT_TEXT.notFound);
      if (existing.send_status === SEND_STATUS.published) throw new BizError(ANNT_TEXT.alreadyReleased);
      let recipients: string[] | null = null;
      if (existing.msg_type === 'USER') {
        const wanted = splitUserIds(existing.user_ids);
        if (!wanted.length) throw new BizError(ANNT_TEXT.needUsers);
        const found = await trx.selectFrom('sys_user').select('id').where('id', 'in', wanted).where('del_flag', '=', 0).execute();
        if (!found.length) throw new BizError(ANNT_TEXT.unknownUsers);
        recipients = found.map((r) => r.id);
      }
      await trx
        .updateTable('sys_announcement')
        .set({
          send_status: SEND_STATUS.published,
          send_time: now,
          sender: user.username,
          cancel_time: null,
          update_by: user.username,
          update_time: now,
        })
        .where('id', '=', id)
        .execute();
      // a re-release (after a revoke) makes the notice unread again
      const upsert = sql`on conflict (annt_id, user_id) do update set read_flag = '0', read_time = null, update_by = ${user.username}, update_time = ${now}`;
      if (recipients) {
        const values = recipients.map((uid) => sql`(${newId()}, ${id}, ${uid}, '0', ${user.username}, ${now})`);
        await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, create_by, create_time)
          values ${sql.join(values)} ${upsert}`.execute(trx);
      } else {
        await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, create_by, create_time)
          select replace(gen_random_uuid()::text, '-', ''), ${id}, u.id, '0', ${user.username}, ${now}
          from sys_user u where u.del_flag = 0 ${upsert}`.execute(trx);
      }
      const row = await trx.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { row, recipients };
    });
    const msgTxt = row.titile ?? '';
    if (recipients) this.hub.sendToUsers(recipients, id, msgTxt);
    else this.hub.broadcast(id, msgTxt);
    return publicRow(row);
  }

  /**
   * Revokes a published announcement (doReovkeData): send_status 2, cancel_time now; it leaves
   * every unread list at once. BizError when missing or not published. Returns the updated row.
   */
  async revoke(id: string, user: SessionUser): Promise<Row> {
    if (!id) throw new BizError(ANNT_TEXT.needId);
    const now = formatDateTime();
    const row = await inTransaction(this.db, async (trx) => {
      const existing = await trx
        .selectFrom('sys_announcement')
        .select(['id', 'send_status'])
        .where('id', '=', id)
        .where('del_flag', '=', '0')
        .forUpdate()
        .executeTakeFirst();
      if (!existing) throw new BizError(ANNT_TEXT.notFound);
      if (existing.send_status !== SEND_STATUS.published) throw new BizError(ANNT_TEXT.notReleased);
      await trx
        .updateTable('sys_announcement')
        .set({ send_status: SEND_STATUS.revoked, cancel_time: now, update_by: user.username, update_time: now })
        .where('id', '=', id)
        .execute();
      return trx.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    return publicRow(row);
  }

  /** Condition: announcement `a` (joined with the user's send row `s`) has reached user `u`. */
  private reached(userCreateTime: string | null) {
    const created = userCreateTime ?? '1970-01-01 00:00:00';
    return sql<boolean>`a.send_status = '1' and a.del_flag = '0' and (s.id is not null or (a.msg_type = 'ALL' and (a.end_time is null or a.end_time >= ${created}::timestamp)))`;
  }

  /** The user's create_time; `via` is the open transaction when called inside one (one connection under PGlite). */
  private async createTimeOf(userId: string, via: Db = this.db): Promise<string | null> {
    const u = await via.selectFrom('sys_user').select('create_time').where('id', '=', userId).executeTakeFirst();
    return u?.create_time ?? null;
  }

  /**
   * The bell's lists (listByUser, api-contract §9.2): the user's unread published notices
   * (category 1) and system messages (category 2), newest first, at most `pageSize` each
   * (1–50, default 5), with their totals. Reads only; nothing is written.
   */
  async listByUser(
    user: SessionUser,
    pageSize: number,
  ): Promise<{ anntMsgList: Row[]; anntMsgTotal: number; sysMsgList: Row[]; sysMsgTotal: number }> {
    const size = Math.min(50, Math.max(1, Math.floor(pageSize) || 5));
    const reached = this.reached(await this.createTimeOf(user.id));
    const unread = () =>
      this.db
        .selectFrom('sys_announcement as a')
        .leftJoin('sys_announcement_send as s', (j) => j.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', user.id))
        .where(reached)
        .where((eb) => eb.or([eb('s.read_flag', '=', '0'), eb('s.id', 'is', null)]));
    const counts = await unread()
      .select(['a.msg_category', sql<number>`count(*)`.as('n')])
      .groupBy('a.msg_category')
      .execute();
    const list = (category: string) =>
      unread()
        .select(PUBLIC_COLUMNS)
        .where('a.msg_category', '=', category)
        .orderBy('a.send_time', 'desc')
        .orderBy('a.id', 'desc')
        .limit(size)
        .execute();
    const [annt, sys] = await Promise.all([list(MSG_CATEGORY.notice), list(MSG_CATEGORY.system)]);
    const total = (c: string) => Number(counts.find((r) => r.msg_category === c)?.n ?? 0);
    return {
      anntMsgList: annt.map((r) => camelRow(r)),
      anntMsgTotal: total(MSG_CATEGORY.notice),
      sysMsgList: sys.map((r) => camelRow(r)),
      sysMsgTotal: total(MSG_CATEGORY.system),
    };
  }

  /**
   * One announcement as its reader may see it (queryById): any non-deleted row for a holder
   * of the admin screen (`isAdmin`), else only one that has reached the user. BizError
   * 未找到对应实体 otherwise.
   */
  async queryById(id: string, user: SessionUser, isAdmin: boolean): Promise<Row> {
    if (!id) throw new BizError(ANNT_TEXT.needId);
    if (isAdmin) {
      const row = await this.db
        .selectFrom('sys_announcement')
        .selectAll()
        .where('id', '=', id)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (!row) throw new BizError(ANNT_TEXT.notFound);
      return camelRow(row);
    }
    const row = await this.db
      .selectFrom('sys_announcement as a')
      .leftJoin('sys_announcement_send as s', (j) => j.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', user.id))
      .select(PUBLIC_COLUMNS)
      .where('a.id', '=', id)
      .where(this.reached(await this.createTimeOf(user.id)))
      .executeTakeFirst();
    if (!row) throw new BizError(ANNT_TEXT.notFound);
    return camelRow(row);
  }

  /**
   * Marks announcement `anntId` read for the user (editByAnntIdAndUserId): read_flag 1,
   * read_time now, creating the send row for an `ALL` notice that has none yet. An announcement
   * that never reached the user changes nothing. BizError when `anntId` is missing.
   */
  async markRead(user: SessionUser, anntId: string): Promise<void> {
    if (!anntId) throw new BizError(ANNT_TEXT.needId);
    const now = formatDateTime();
    const created = await this.createTimeOf(user.id);
    await inTransaction(this.db, async (trx) => {
      const a = await trx
        .selectFrom('sys_announcement as a')
        .leftJoin('sys_announcement_send as s', (j) => j.onRef('s.annt_id', '=', 'a.id').on('s.user_id', '=', user.id))
        .select(['a.id'])
        .where('a.id', '=', anntId)
        .where(this.reached(created))
        .executeTakeFirst();
      if (!a) return;
      await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, read_time, create_by, create_time)
        values (${newId()}, ${anntId}, ${user.id}, '1', ${now}, ${user.username}, ${now})
        on conflict (annt_id, user_id) do update set read_flag = '1', read_time = ${now}, update_by = ${user.username}, update_time = ${now}
        where sys_announcement_send.read_flag <> '1'`.execute(trx);
    });
  }

  /** Gives the user a send row for every `ALL` notice that reached them without one. */
  private async ensureRows(trx: Db, user: SessionUser, readFlag: '0' | '1'): Promise<void> {
    const now = formatDateTime();
    const created = (await this.createTimeOf(user.id, trx)) ?? '1970-01-01 00:00:00';
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag, read_time, create_by, create_time)
      select replace(gen_random_uuid()::text, '-', ''), a.id, ${user.id}, ${readFlag}, ${readFlag === '1' ? now : null}, ${user.username}, ${now}
      from sys_announcement a
      where a.send_status = '1' and a.del_flag = '0' and a.msg_type = 'ALL'
        and (a.end_time is null or a.end_time >= ${created}::timestamp)
        and not exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = ${user.id})
      on conflict (annt_id, user_id) do nothing`.execute(trx);
  }

  /** Marks every announcement that reached the user read (readAll). */
  async readAll(user: SessionUser): Promise<void> {
    const now = formatDateTime();
    await inTransaction(this.db, async (trx) => {
      await this.ensureRows(trx, user, '1');
      await trx
        .updateTable('sys_announcement_send')
        .set({ read_flag: '1', read_time: now, update_by: user.username, update_time: now })
        .where('user_id', '=', user.id)
        .where('read_flag', '=', '0')
        .execute();
    });
  }

  /**
   * The user's own announcements (getMyAnnouncementSend, api-contract §9.2): a page of
   * `{id, anntId, userId, titile, msgContent, sender, priority, readFlag, sendTime, msgCategory,
   * busId, busType, openType, openPage, bizSource, msgAbstract}`, newest first, filtered by
   * `titile` (substring), `msgCategory` and `readFlag`. Writes the missing send rows of `ALL`
   * notices first, so every entry has its own id.
   */
  async mySends(
    user: SessionUser,
    q: Record<string, unknown>,
  ): Promise<{ records: Row[]; total: number; pageNo: number; pageSize: number }> {
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.picker);
    await inTransaction(this.db, (trx) => this.ensureRows(trx, user, '0'));
    let base = this.db
      .selectFrom('sys_announcement_send as s')
      .innerJoin('sys_announcement as a', 'a.id', 's.annt_id')
      .where('s.user_id', '=', user.id)
      .where('a.send_status', '=', SEND_STATUS.published)
      .where('a.del_flag', '=', '0');
    const str = (k: string) => (typeof q[k] === 'string' ? String(q[k]).replace(/^\*|\*$/g, '') : '');
    if (str('titile')) base = base.where('a.titile', 'like', likeContains(str('titile')));
    if (str('msgCategory')) base = base.where('a.msg_category', '=', str('msgCategory'));
    if (str('readFlag')) base = base.where('s.read_flag', '=', str('readFlag'));
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select([
        's.id',
        's.annt_id as anntId',
        's.user_id as userId',
        's.read_flag as readFlag',
        's.read_time as readTime',
        'a.titile',
        'a.msg_content as msgContent',
        'a.sender',
        'a.priority',
        'a.send_time as sendTime',
        'a.msg_category as msgCategory',
        'a.bus_id as busId',
        'a.bus_type as busType',
        'a.open_type as openType',
        'a.open_page as openPage',
        'a.msg_abstract as msgAbstract',
      ])
      .orderBy('a.send_time', 'desc')
      .orderBy('s.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return { records: rows.map((r) => ({ ...r, bizSource: null })), total, pageNo, pageSize };
  }
}

/** camelCase row without the internal columns (tenant, workflow task id). */
function publicRow(row: SysAnnouncement): Row {
  return camelRow(row, ['tenant_id', 'dt_task_id']);
}
