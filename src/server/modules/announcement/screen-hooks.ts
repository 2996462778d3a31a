import { sql } from 'kysely';
import { BizError } from '../../http/envelope.js';
import { sanitizeRichText } from '../../http/sanitize.js';
import { formatDateTime } from '../../../shared/time.js';
import type { ScreenHooks } from '../../online/screen-hooks.js';
import { SEND_STATUS, splitUserIds } from './announcement-service.js';
import { ANNT_TEXT } from './texts.js';

/** Columns only release and revoke may set; the generic add/edit never writes them. */
const STATE_COLUMNS = ['send_status', 'send_time', 'cancel_time', 'del_flag'] as const;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Hooks of the admin announcement screen (schemas/sys/sys_announcement.json) on the generic
 * engine:
 * - beforeWrite: a published notice cannot be edited; a new one is a draft (send_status 0)
 *   whose sender is its author; the state columns are never taken from the request; the HTML
 *   content is sanitised; priority L/M/H, category 1/2, type ALL/USER and the time range are
 *   checked; `USER` needs users, stored as JeecgBoot's 'id1,id2,' (trailing comma); `ALL`
 *   clears them.
 * - beforeDelete: soft delete (del_flag 1) as JeecgBoot does; published ones must be revoked first.
 * - listScope: deleted rows are invisible to list, detail, edit and delete.
 */
export const announcementHooks: ScreenHooks = {
  beforeWrite({ user, row, existing, isNew }) {
    if (existing && existing.send_status === SEND_STATUS.published) throw new BizError(ANNT_TEXT.releasedNotEditable);
    for (const c of STATE_COLUMNS) delete row[c];
    if (isNew) {
      row.send_status = SEND_STATUS.draft;
      row.del_flag = '0';
      if (blank(row.sender)) row.sender = user.username;
    }
    if ('msg_content' in row) row.msg_content = typeof row.msg_content === 'string' ? sanitizeRichText(row.msg_content) : null;
    const value = (c: string): unknown => (c in row ? row[c] : existing?.[c]);
    if (blank(value('titile'))) throw new BizError(ANNT_TEXT.needTitle);
    if (!blank(value('priority')) && !['L', 'M', 'H'].includes(String(value('priority')))) throw new BizError(ANNT_TEXT.badPriority);
    if (blank(value('priority'))) row.priority = 'L';
    if (!blank(value('msg_category')) && !['1', '2'].includes(String(value('msg_category')))) throw new BizError(ANNT_TEXT.badCategory);
    if (blank(value('msg_category'))) row.msg_category = '1';
    const type = blank(value('msg_type')) ? 'ALL' : String(value('msg_type'));
    if (type !== 'ALL' && type !== 'USER') throw new BizError(ANNT_TEXT.badMsgType);
    row.msg_type = type;
    if (type === 'USER') {
      const ids = splitUserIds(value('user_ids'));
      if (!ids.length) throw new BizError(ANNT_TEXT.needUsers);
      row.user_ids = ids.join(',') + ',';
    } else row.user_ids = null;
    const page = value('open_page');
    if (!blank(page) && !/^(\/(?!\/)|https?:\/\/)/i.test(String(page))) throw new BizError(ANNT_TEXT.badOpenPage);
    const start = value('start_time');
    const end = value('end_time');
    if (!blank(start) && !blank(end) && String(end) < String(start)) throw new BizError(ANNT_TEXT.badTimeRange);
  },

  async beforeDelete({ trx, user, ids }) {
    const published = await trx
      .selectFrom('sys_announcement')
      .select('id')
      .where('id', 'in', ids)
      .where('send_status', '=', SEND_STATUS.published)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (published) throw new BizError(ANNT_TEXT.releasedNotDeletable);
    await trx
      .updateTable('sys_announcement')
      .set({ del_flag: '1', update_by: user.username, update_time: formatDateTime() })
      .where('id', 'in', ids)
      .where('del_flag', '=', '0')
      .execute();
    return 'handled' as const;
  },

  listScope() {
    return [sql`del_flag = '0'`];
  },
};
