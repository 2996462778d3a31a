import { reportRelations } from '../cgreport/report-ast.js';
import { reportTenantTables } from '../cgreport/report-tenant.js';
import type { FastifyInstance } from 'fastify';
import { ReportService } from '../cgreport/report-service.js';
import { DataSourcePool } from '../../modules/datasource/source-pool.js';
import { designerRoutes } from './routes.js';
import { canReadReport } from '../read-scope.js';
import { reportDesignerRoutes } from './report-routes.js';
import { viewAsRoutes } from './view-as.js';

/**
 * The online designers (spec 在线开发): the form designer (/online/cgform/head|field|index|button,
 * /online/cgform/api/{addAll,editAll,doDbSynch…}) and the report designer (/online/cgreport/head/*).
 * The authored screens live in `app.ctx.designer`; report SQL is parsed under the report guards,
 * on the report's data source when it names one (its own pools, opened on first use).
 */
export async function designerModule(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  designerRoutes(app, ctx);
  viewAsRoutes(app, ctx, app.endpoints);
  const sources = new DataSourcePool(ctx.db, ctx.config.dataSourceAllowHosts);
  app.addHook('onClose', () => sources.close());
  reportDesignerRoutes(
    app,
    ctx,
    new ReportService(
      ctx.db,
      ctx.dicts,
      ctx.dbKind,
      undefined,
      sources,
      (user, head) => canReadReport(ctx, user, head),
      () => reportRelations(ctx.screens.list()),
      () => reportTenantTables(ctx.screens.list()),
      ctx.config.reportTimeoutMs,
    ),
  );
}
