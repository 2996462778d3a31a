import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';
import { inTransaction } from '../../db/transaction.js';

type Query = Record<string, string | undefined>;

/** Menu route of the log screen (JeecgBoot's url): grants the list. */
export const LOG_MENU = '/isystem/log';
/** Button code that guards deleting log lines (`system:log:delete`). */
export const LOG_DELETE_CODE = 'system:log:delete';

const SORTABLE: Record<string, string> = {
  createTime: 'create_time',
  logType: 'log_type',
  operateType: 'operate_type',
  costTime: 'cost_time',
  userid: 'userid',
  ip: 'ip',
};

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
const intOf = (v: string | undefined) => (v !== undefined && /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : undefined);

/**
 * The log screen's calls (api-contract §4.5 `/sys/log`, §5.6 SysLog; issue 6 item 8): the
 * login and operation log written by log-service.ts, listed newest first with the filters
 * `logType` (1 login, 2 operation), `keyWord` (substring of the content), `operateType`,
 * `userid`, `createTime_begin/_end` (a date alone means the whole day), paging and sort; rows
 * carry `logType_dictText` and `operateType_dictText`. `delete?id=` and `deleteBatch?ids=` need
 * `system:log:delete`; `ids=allclear` empties the log, as JeecgBoot.
 */
export function logRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: Query }>('/sys/log/list', async (req) => {
    await ctx.perms.assertMenu(req.user, LOG_MENU);
    const q = req.query;
    const pageNo = Math.max(1, Math.floor(Number(q.pageNo)) || 1);
    const pageSize = Math.min(1000, Math.max(1, Math.floor(Number(q.pageSize)) || 10));
    let base = ctx.db.selectFrom('sys_log');
    const logType = intOf(q.logType);
    if (q.logType && logType === undefined) throw new BizError('日志类型不正确');
    if (logType !== undefined) base = base.where('log_type', '=', logType);
    const operateType = intOf(q.operateType);
    if (operateType !== undefined) base = base.where('operate_type', '=', operateType);
    const keyWord = q.keyWord?.trim();
    if (keyWord) base = base.where('log_content', 'like', likeOf(keyWord));
    const userid = q.userid?.replace(/^\*|\*$/g, '').trim();
    if (userid) base = base.where('userid', 'like', likeOf(userid));
    const begin = q.createTime_begin?.trim();
    const end = q.createTime_end?.trim();
    const dateTime = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
    if ((begin && !dateTime.test(begin)) || (end && !dateTime.test(end)))
      throw new BizError('时间格式不正确，应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss');
    if (begin) base = base.where('create_time', '>=', begin.length === 10 ? `${begin} 00:00:00` : begin);
    if (end) base = base.where('create_time', '<=', end.length === 10 ? `${end} 23:59:59` : end);
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const column = SORTABLE[q.column ?? ''] ?? 'create_time';
    const dir = /asc/i.test(q.order ?? '') ? 'asc' : 'desc';
    const rows = await base
      .selectAll()
      .orderBy(sql.ref(column), dir)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records = rows.map((r) => camelRow(r));
    for (const [field, dict] of [
      ['logType', 'log_type'],
      ['operateType', 'operate_type'],
    ] as const) {
      const values = [...new Set(records.map((r) => r[field]).filter((v) => v !== null && v !== undefined))].map(String);
      if (!values.length) continue;
      const texts = await ctx.dicts.translate(dict, values);
      for (const r of records)
        if (r[field] !== null && r[field] !== undefined) r[`${field}_dictText`] = texts.get(String(r[field])) ?? String(r[field]);
    }
    return ok(toPage(records, total, pageNo, pageSize));
  });

  const remove = async (ids: string[]) => {
    if (!ids.length) throw new BizError('请选择一条记录！');
    await inTransaction(ctx.db, async (trx) => {
      if (ids.length === 1 && ids[0] === 'allclear') await trx.deleteFrom('sys_log').execute();
      else await trx.deleteFrom('sys_log').where('id', 'in', ids).execute();
    });
  };
  app.delete<{ Querystring: Query }>('/sys/log/delete', async (req) => {
    await ctx.perms.assertMenu(req.user, LOG_MENU);
    await ctx.perms.assertButton(req.user, LOG_DELETE_CODE);
    const id = req.query.id?.trim();
    if (!id || id === 'allclear') throw new BizError('请选择一条记录！');
    await remove([id]);
    return okMessage('删除成功!');
  });
  app.delete<{ Querystring: Query }>('/sys/log/deleteBatch', async (req) => {
    await ctx.perms.assertMenu(req.user, LOG_MENU);
    await ctx.perms.assertButton(req.user, LOG_DELETE_CODE);
    const ids = (req.query.ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 1000);
    await remove(ids);
    return okMessage(ids[0] === 'allclear' ? '删除成功!' : '批量删除成功!');
  });
}
