import { reportRelations } from '../cgreport/report-ast.js';
import type { FastifyInstance } from 'fastify';
import { ReportService } from '../cgreport/report-service.js';
import { designerRoutes } from './routes.js';
import { canReadReport } from '../read-scope.js';
import { reportDesignerRoutes } from './report-routes.js';

/**
 * The online designers (spec 在线开发): the form designer (/online/cgform/head|field|index|button,
 * /online/cgform/api/{addAll,editAll,doDbSynch…}) and the report designer (/online/cgreport/head/*).
 * The authored screens live in `app.ctx.designer`; report SQL is parsed under the report guards.
 */
export async function designerModule(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  designerRoutes(app, ctx);
  reportDesignerRoutes(
    app,
    ctx,
    new ReportService(
      ctx.db,
      ctx.dicts,
      ctx.dbKind,
      undefined,
      undefined,
      (user, head) => canReadReport(ctx, user, head),
      () => reportRelations(ctx.screens.list()),
      ctx.config.reportTimeoutMs,
    ),
  );
}
