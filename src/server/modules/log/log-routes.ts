import { addDictTexts } from '../dict/dict-text.js';
import { PAGE_LIMIT, dateRangeOf, likeContains, pagingOf, sortOf } from '../../http/list-query.js';
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

const intOf = (v: string | undefined) => (v !== undefined && /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : undefined);

/**
 * The log screen's calls (api-contract §4.5 `/sys/log`, §5.6 SysLog): the
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
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.log);
    let base = ctx.db.selectFrom('sys_log');
    const logType = intOf(q.logType);
    if (q.logType && logType === undefined) throw new BizError('日志类型不正确');
    if (logType !== undefined) base = base.where('log_type', '=', logType);
    const operateType = intOf(q.operateType);
    if (operateType !== undefined) base = base.where('operate_type', '=', operateType);
    const keyWord = q.keyWord?.trim();
    if (keyWord) base = base.where('log_content', 'like', likeContains(keyWord));
    const userid = q.userid?.replace(/^\*|\*$/g, '').trim();
    if (userid) base = base.where('userid', 'like', likeContains(userid));
    const { begin, end } = dateRangeOf(q, 'createTime');
    if (begin) base = base.where('create_time', '>=', begin);
    if (end) base = base.where('create_time', '<=', end);
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const { column, dir } = sortOf<string>(q, SORTABLE, 'create_time');
    const rows = await base
      .selectAll()
      .orderBy(sql.ref(column), dir)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records: Record<string, unknown>[] = rows.map((r) => camelRow(r));
    await addDictTexts(ctx.dicts, records, [
      { key: 'logType', dictCode: 'log_type' },
      { key: 'operateType', dictCode: 'operate_type' },
    ]);
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
