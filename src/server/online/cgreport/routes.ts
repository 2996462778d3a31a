import { reportRelations } from './report-ast.js';
import { reportTenantTables } from './report-tenant.js';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ReportService } from './report-service.js';
import { attachmentName } from '../excel-export.js';
import { canReadReport, declaredReadScope } from '../read-scope.js';
import { parseTableDict } from '../../modules/dict/table-dict.js';
import type { SessionUser } from '../../modules/auth/token-service.js';
import { exportFileName } from '../../../shared/time.js';
import { REPORT_TEXT } from './texts.js';
import { DataSourcePool } from '../../modules/datasource/source-pool.js';

type Query = Record<string, unknown>;

/**
 * The app's report service under every report guard: the read gate (canReadReport), the
 * relations the screens allow, their tenant scope and the time limit, over data-source pools of
 * its own (closed with the app). Used by the report API and the report designer alike.
 */
export function appReportService(app: FastifyInstance, ctx: AppContext): ReportService {
  const sources = new DataSourcePool(ctx.db, ctx.config.dataSourceAllowHosts);
  app.addHook('onClose', () => sources.close());
  return new ReportService(
    ctx.db,
    ctx.dicts,
    ctx.dbKind,
    undefined,
    sources,
    (user, head) => canReadReport(ctx, user, head),
    () => reportRelations(ctx.screens.list()),
    () => reportTenantTables(ctx.screens.list()),
    ctx.config.reportTimeoutMs,
  );
}

/**
 * The online-report API (api-contract §8; the JPopup flow getRpColumns/{code} →
 * getQueryInfo/{id} → getData/{id}). A report passes the read gate first (online/read-scope.ts
 * canReadReport: its permission menu, its own menu, or a readable screen's popup field naming
 * it; 403 otherwise). Every refusal is a clear
 * message (the client shows Popup初始化失败，请检查你的配置或稍后重试！ with it).
 */
export function cgreportRoutes(app: FastifyInstance, ctx: AppContext): ReportService {
  const base = '/online/cgreport/api';
  const reports = appReportService(app, ctx);
  // an item's table dictionary is declared by the report the caller passed the gate for
  const dictScope = (user: SessionUser) => async (dictCode: string) => {
    const ref = dictCode.includes(',') ? parseTableDict(dictCode) : null;
    return ref ? declaredReadScope(ctx, user, ref) : undefined;
  };

  app.get<{ Params: { code: string } }>(`${base}/getRpColumns/:code`, async (req) =>
    ok(await reports.columns(await reports.load(req.params.code, req.user), dictScope(req.user))),
  );
  app.get<{ Params: { id: string } }>(`${base}/getQueryInfo/:id`, async (req) =>
    ok(reports.queryInfo(await reports.load(req.params.id, req.user))),
  );
  app.get<{ Params: { id: string } }>(`${base}/getParamsInfo/:id`, async (req) =>
    ok(reports.paramsInfo(await reports.load(req.params.id, req.user))),
  );
  app.get<{ Params: { id: string }; Querystring: Query }>(`${base}/getData/:id`, async (req) => {
    const def = await reports.load(req.params.id, req.user);
    return ok(await reports.data(def, req.query ?? {}, req.user));
  });
  // a report screen's KPI cards and chart rows (ours: 预警中心, 项目首页 …), same permission as the report
  app.get<{ Params: { id: string }; Querystring: Query }>(`${base}/getDashboard/:id`, async (req) => {
    const def = await reports.load(req.params.id, req.user);
    return ok(await reports.dashboard(def, req.query ?? {}, req.user));
  });
  app.get<{ Params: { id: string }; Querystring: Query }>(`${base}/getColumnsAndData/:id`, async (req) => {
    const def = await reports.load(req.params.id, req.user);
    const cols = await reports.columns(def, dictScope(req.user));
    return ok({ ...cols, cgreportHeadName: def.head.name, data: await reports.data(def, req.query ?? {}, req.user) });
  });
  // the report's rows for the same filters as .xlsx (at most 10,000 rows; dictionary texts)
  app.get<{ Params: { id: string }; Querystring: Query }>(`${base}/exportXls/:id`, async (req, reply) => {
    const def = await reports.load(req.params.id, req.user);
    const page = await reports.data(def, { ...(req.query ?? {}), pageNo: 1, pageSize: -521 }, req.user);
    const shown = def.items.filter((i) => i.is_show !== 0);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(def.head.name.replace(/[\\/?*[\]:]/g, '_').slice(0, 31));
    ws.columns = shown.map((i) => ({
      header: i.field_txt ?? i.field_name,
      key: i.field_name,
      width: Math.min(Math.max((i.field_width ?? 120) / 7, 12), 60),
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of page.records) ws.addRow(shown.map((i) => r[`${i.field_name}_dictText`] ?? r[i.field_name] ?? null));
    // the totals row of the columns marked total, as the list shows it
    if (page.totals)
      ws.addRow(
        shown.map((i, n) => (i.is_total === '1' ? (page.totals?.[i.field_name] ?? null) : n === 0 ? REPORT_TEXT.total : null)),
      ).font = { bold: true };
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', attachmentName(exportFileName(def.head.name)));
    return reply.send(data);
  });
  return reports;
}
