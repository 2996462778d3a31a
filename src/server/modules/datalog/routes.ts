import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_LIMIT, dateRangeOf, likeContains, pagingOf, sortOf } from '../../http/list-query.js';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { BizError, ok, toPage } from '../../http/envelope.js';
import { camelRow } from '../../http/case.js';

type Query = Record<string, string | undefined>;

/** Menu route of the data-log screen (JeecgBoot's url): grants every call below. */
export const DATA_LOG_MENU = '/sys/dataLog-list';

export const DATA_LOG_TEXT = {
  needVersions: '请选择两个版本进行对比',
  notFound: '未找到对应数据',
  sameRecord: '只能对比同一条数据的两个版本',
  needRecord: '请指定数据表和数据ID',
} as const;

const SORTABLE: Record<string, string> = {
  createTime: 'create_time',
  dataTable: 'data_table',
  dataId: 'data_id',
  dataVersion: 'data_version',
};

/** Equality, or a substring / prefix / suffix match for `*x*`, `x*`, `*x` (api-contract §4.2). */
function textFilter(column: 'data_table' | 'data_id', value: string) {
  const starts = value.startsWith('*');
  const ends = value.endsWith('*') && value.length > 1;
  const core = value.replace(/^\*|\*$/g, '');
  if (!starts && !ends) return sql<boolean>`${sql.ref(column)} = ${value}`;
  const esc = likeContains(core).slice(1, -1);
  return sql<boolean>`${sql.ref(column)} like ${(starts ? '%' : '') + esc + (ends ? '%' : '')}`;
}

/**
 * The data log screen's calls (api-contract §4.5 `/sys/dataLog`, §5.6 SysDataLog): the paged
 * list (filters dataTable, dataId, createTime_begin/_end; sort column/order), the versions of
 * one record (`queryDataVerList?dataTable=&dataId=`, newest first) and two versions for a
 * field-by-field comparison (`queryCompareList?dataId1=&dataId2=` — ids of data-log rows, as
 * JeecgBoot; the client compares with src/shared/data-log-compare.ts). All need the menu.
 */
export function dataLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const allowed = (req: FastifyRequest) => ctx.perms.assertMenu(req.user, DATA_LOG_MENU);

  app.get<{ Querystring: Query }>('/sys/dataLog/list', async (req) => {
    await allowed(req);
    const q = req.query;
    const { pageNo, pageSize } = pagingOf(q, PAGE_LIMIT.log);
    let base = ctx.db.selectFrom('sys_data_log');
    if (q.dataTable) base = base.where(textFilter('data_table', q.dataTable));
    if (q.dataId) base = base.where(textFilter('data_id', q.dataId));
    const { begin, end } = dateRangeOf(q, 'createTime');
    if (begin) base = base.where('create_time', '>=', begin);
    if (end) base = base.where('create_time', '<=', end);
    const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const { column, dir } = sortOf<string>(q, SORTABLE, 'create_time');
    const rows = await base
      .selectAll()
      .orderBy(sql.ref(column), dir)
      .orderBy('data_version', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok(
      toPage(
        rows.map((r) => camelRow(r)),
        total,
        pageNo,
        pageSize,
      ),
    );
  });

  app.get<{ Querystring: Query }>('/sys/dataLog/queryDataVerList', async (req) => {
    await allowed(req);
    const { dataTable, dataId } = req.query;
    if (!dataTable || !dataId) throw new BizError(DATA_LOG_TEXT.needRecord);
    const rows = await ctx.db
      .selectFrom('sys_data_log')
      .selectAll()
      .where('data_table', '=', dataTable)
      .where('data_id', '=', dataId)
      .orderBy('data_version', 'desc')
      .execute();
    return ok(rows.map((r) => camelRow(r)));
  });

  app.get<{ Querystring: Query }>('/sys/dataLog/queryCompareList', async (req) => {
    await allowed(req);
    const { dataId1, dataId2 } = req.query;
    if (!dataId1 || !dataId2) throw new BizError(DATA_LOG_TEXT.needVersions);
    const rows = await ctx.db.selectFrom('sys_data_log').selectAll().where('id', 'in', [dataId1, dataId2]).execute();
    const a = rows.find((r) => r.id === dataId1);
    const b = rows.find((r) => r.id === dataId2);
    if (!a || !b) throw new BizError(DATA_LOG_TEXT.notFound);
    if (a.data_table !== b.data_table || a.data_id !== b.data_id) throw new BizError(DATA_LOG_TEXT.sameRecord);
    return ok([camelRow(a), camelRow(b)]);
  });
}
