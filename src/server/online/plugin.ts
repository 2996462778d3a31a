import type { FastifyInstance } from 'fastify';
import { linkDownRoutes } from './link-down-routes.js';
import { cgformRoutes } from './cgform-routes.js';
import { structureRoutes } from './structure-routes.js';
import { screenApiRoutes } from './screen-api-routes.js';
import { excelRoutes } from './excel-routes.js';

/** The online form engine's own calls (api-contract §7: /online/cgform/api/*, tree data, linked selects). */
export async function onlineModule(app: FastifyInstance): Promise<void> {
  linkDownRoutes(app, app.ctx);
  cgformRoutes(app, app.ctx, app.endpoints);
  structureRoutes(app, app.ctx, app.endpoints);
}

/**
 * The screens served at their own JeecgBoot paths (schema `url`) and their Excel export/import.
 * Register last: a path a module already serves is skipped.
 */
export async function screenPathsModule(app: FastifyInstance): Promise<void> {
  screenApiRoutes(app, app.ctx, app.endpoints);
  excelRoutes(app, app.ctx, app.endpoints);
}
