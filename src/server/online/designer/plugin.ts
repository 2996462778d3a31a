import type { FastifyInstance } from 'fastify';
import { appReportService } from '../cgreport/routes.js';
import { designerRoutes } from './routes.js';
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
  reportDesignerRoutes(app, ctx, appReportService(app, ctx));
}
