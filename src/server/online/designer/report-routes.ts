import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { newId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { formatDateTime } from '../../../shared/time.js';
import { CGREPORT_MENU, checkReportFile, type ReportFile } from '../cgreport/report-files.js';
import type { ReportService } from '../cgreport/report-service.js';
import { placeholderNames } from '../cgreport/report-sql.js';
import { insertReportRows } from '../cgreport/report-rows.js';
import { camelRow } from './wire.js';
import { addReportMenu } from './menu.js';
import { DESIGNER_TEXT } from './texts.js';
import { largeBody } from '../../http/body-limits.js';

type Row = Record<string, unknown>;
type Query = Record<string, string | undefined>;

const TYPES = new Set(['String', 'Integer', 'Long', 'Double', 'Date', 'Datetime', 'DownLoad', 'Image']);
const str = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v));

/**
 * JeecgBoot's `{head, items, params}` (camelCase entities of onl_cgreport_*) or a flat head as
 * a report definition in the report files' format, so one checker (meta-schema, SQL guard,
 * unique columns) judges both.
 */
function bodyToReport(body: unknown): ReportFile & { id?: string } {
  if (!body || typeof body !== 'object') throw new BizError('请求内容不正确');
  const b = body as Row;
  const head = (b.head && typeof b.head === 'object' ? b.head : b) as Row;
  const items = (Array.isArray(b.items) ? b.items : []) as Row[];
  const params = (Array.isArray(b.params) ? b.params : []) as Row[];
  return JSON.parse(
    JSON.stringify({
      id: str(head.id),
      code: str(head.code),
      name: str(head.name),
      sql: str(head.cgrSql),
      dbSource: str(head.dbSource),
      returnValField: str(head.returnValField),
      returnTxtField: str(head.returnTxtField),
      columns: items.map((i) => ({
        field: str(i.fieldName),
        title: str(i.fieldTxt) ?? str(i.fieldName),
        type: TYPES.has(String(i.fieldType)) ? i.fieldType : 'String',
        show: Number(i.isShow ?? 1) === 1,
        search: Number(i.isSearch ?? 0) === 1,
        searchMode: i.searchMode === 'group' ? 'group' : 'single',
        sortable: Number(i.isOrder ?? 0) === 1,
        dictCode: str(i.dictCode),
        width: i.fieldWidth ? Number(i.fieldWidth) : undefined,
        href: str(i.fieldHref),
        total: String(i.isTotal ?? '0') === '1',
      })),
      params: params.map((p) => ({ name: str(p.paramName), title: str(p.paramTxt) ?? str(p.paramName), default: str(p.paramValue) })),
    }),
  ) as ReportFile & { id?: string };
}

/**
 * The online report designer's endpoints (JeecgBoot's shapes): head list, queryById, add,
 * edit (head only), editAll (with items and params), delete, deleteBatch, parseSql (runs the
 * SQL under the report guards to fill the column and parameter grids). Every saved report is
 * checked by the report files' checker, and its data is served only through the report
 * runtime and its guards. Reads need the designer's menu, writes an `online:report:*` button.
 */
export function reportDesignerRoutes(app: FastifyInstance, ctx: AppContext, reports: ReportService): void {
  const base = '/online/cgreport/head';
  const canRead = (req: FastifyRequest) => ctx.perms.assertMenu(req.user, CGREPORT_MENU);
  const can = async (req: FastifyRequest, action: string) => {
    await canRead(req);
    await ctx.perms.assertButton(req.user, `online:report:${action}`);
  };

  app.get<{ Querystring: Query }>(`${base}/list`, async (req) => {
    await canRead(req);
    const q = req.query;
    const has = (v: string, want: string | undefined) => !want || v.includes(want.replace(/\*/g, ''));
    const all = (await ctx.db.selectFrom('onl_cgreport_head').selectAll().orderBy('create_time', 'desc').orderBy('id').execute()).filter(
      (h) => has(h.code, q.code) && has(h.name, q.name),
    );
    const pageNo = Math.max(1, Number(q.pageNo) || 1);
    const pageSize = Math.min(Math.max(1, Number(q.pageSize) || 10), 1000);
    return ok(toPage(all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(camelRow), all.length, pageNo, pageSize));
  });

  app.get<{ Querystring: Query }>(`${base}/queryById`, async (req) => {
    await canRead(req);
    const head = await ctx.db
      .selectFrom('onl_cgreport_head')
      .selectAll()
      .where('id', '=', String(req.query.id ?? ''))
      .executeTakeFirst();
    if (!head) throw new BizError(`未找到报表配置：${req.query.id ?? ''}`);
    const [items, params] = await Promise.all([
      ctx.db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', head.id).orderBy('order_num').execute(),
      ctx.db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', head.id).orderBy('order_num').execute(),
    ]);
    return ok({ ...camelRow(head), items: items.map(camelRow), params: params.map(camelRow) });
  });

  const save = async (req: FastifyRequest, isNew: boolean, headOnly: boolean) => {
    const report = bodyToReport(req.body);
    const id = isNew ? newId() : report.id;
    if (!id) throw new BizError('缺少报表ID');
    const existing = isNew ? undefined : await ctx.db.selectFrom('onl_cgreport_head').selectAll().where('id', '=', id).executeTakeFirst();
    if (!isNew && !existing) throw new BizError(`未找到报表配置：${id}`);
    if (headOnly && existing) {
      const [items, params] = await Promise.all([
        ctx.db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', id).orderBy('order_num').execute(),
        ctx.db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', id).orderBy('order_num').execute(),
      ]);
      Object.assign(report, bodyToReport({ head: req.body, items: items.map(camelRow), params: params.map(camelRow) }), { id });
    }
    const { id: _id, ...file } = report;
    const res = checkReportFile(file, '');
    if (!res.report) throw new BizError(`报表配置不符合规范：${res.problems[0].trim()}`);
    const r = res.report;
    // the SQL must pass the report guards as it will run (parameters at their defaults)
    const defaults = new Map((r.params ?? []).map((p) => [p.name, p.default ?? '']));
    await reports.parseColumns(r.sql, req.user, (name) => defaults.get(name) ?? '', r.dbSource);
    const now = formatDateTime();
    const who = req.user.username;
    await inTransaction(ctx.db, async (trx) => {
      const clash = await trx
        .selectFrom('onl_cgreport_head')
        .select('id')
        .where('code', '=', r.code)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (clash) throw new BizError(`报表编码 ${r.code} 已存在`);
      await trx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', id).execute();
      await trx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', id).execute();
      await trx.deleteFrom('onl_cgreport_head').where('id', '=', id).execute();
      await trx
        .insertInto('onl_cgreport_head')
        .values({
          id,
          code: r.code,
          name: r.name,
          cgr_sql: r.sql,
          db_source: r.dbSource ?? null,
          return_val_field: r.returnValField ?? null,
          return_txt_field: r.returnTxtField ?? null,
          return_type: '1',
          content: null,
          perms: existing?.perms ?? null,
          source_hash: existing?.source_hash ?? null,
          create_by: existing?.create_by ?? who,
          create_time: existing?.create_time ?? now,
          update_by: who,
          update_time: now,
        })
        .execute();
      const audit = { create_by: who, create_time: now, update_by: null, update_time: null };
      await insertReportRows(trx, id, r, audit);
    });
    return id;
  };

  app.post(`${base}/add`, { ...largeBody }, async (req) => {
    await can(req, 'add');
    return ok({ id: await save(req, true, false) }, '添加成功！');
  });
  app.put(`${base}/edit`, { ...largeBody }, async (req) => {
    await can(req, 'edit');
    await save(req, false, true);
    return okMessage('编辑成功!');
  });
  for (const method of ['post', 'put'] as const)
    app[method](`${base}/editAll`, { ...largeBody }, async (req) => {
      await can(req, 'edit');
      await save(req, false, false);
      return okMessage('编辑成功!');
    });

  const remove = async (id: string) => {
    const menu = await ctx.db
      .selectFrom('sys_permission')
      .select('id')
      .where('url', '=', `/online/cgreport/${id}`)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (menu) throw new BizError('该报表已添加到菜单，请先从菜单中移除后再删除');
    await inTransaction(ctx.db, async (trx) => {
      await trx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', id).execute();
      await trx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', id).execute();
      await trx.deleteFrom('onl_cgreport_head').where('id', '=', id).execute();
    });
  };
  app.delete<{ Querystring: Query }>(`${base}/delete`, async (req) => {
    await can(req, 'delete');
    await remove(String(req.query.id ?? ''));
    return okMessage('删除成功!');
  });
  app.delete<{ Querystring: Query }>(`${base}/deleteBatch`, async (req) => {
    await can(req, 'delete');
    for (const id of String(req.query.ids ?? '')
      .split(',')
      .filter(Boolean))
      await remove(id);
    return okMessage('删除成功!');
  });

  // ours: put the report's list page (/online/cgreport/{id}) in the menu under `parentId`
  app.post<{ Body: { id?: string; parentId?: string } }>(`${base}/addMenu`, async (req) => {
    await can(req, 'menu');
    const head = await ctx.db
      .selectFrom('onl_cgreport_head')
      .select(['id', 'name'])
      .where('id', '=', String(req.body?.id ?? ''))
      .executeTakeFirst();
    if (!head) throw new BizError(`未找到报表配置：${req.body?.id ?? ''}`);
    if (!req.body?.parentId) throw new BizError(DESIGNER_TEXT.parentMenuMissing);
    return ok({ menuId: await addReportMenu(ctx.db, head, req.body.parentId) }, DESIGNER_TEXT.menuAdded);
  });

  app.get<{ Querystring: Query }>(`${base}/parseSql`, async (req) => {
    await can(req, 'edit');
    const text = String(req.query.sql ?? '');
    const cols = await reports.parseColumns(text, req.user, undefined, str(req.query.dbSource));
    const typeOf = (v: unknown) =>
      typeof v === 'number' ? (Number.isInteger(v) ? 'Integer' : 'Double') : /^\d{4}-\d\d-\d\d$/.test(String(v)) ? 'Date' : 'String';
    return ok({
      fields: cols.map((c, i) => ({
        fieldName: c.name,
        fieldTxt: c.name,
        fieldType: typeOf(c.sample),
        isShow: 1,
        isOrder: 0,
        isSearch: 0,
        orderNum: i,
      })),
      params: placeholderNames(text)
        .filter((n) => !/^sys/i.test(n))
        .map((n, i) => ({ paramName: n, paramTxt: n, paramValue: '', orderNum: i })),
    });
  });
}
