import type { FastifyInstance } from 'fastify';
import { systemAdminRoutes } from './routes.js';

/**
 * System administration (spec 7.2): users, roles, menus and permissions with data rules,
 * departments and department roles, organisation units, dictionaries, categories, positions.
 */
export async function systemModule(app: FastifyInstance): Promise<void> {
  systemAdminRoutes(app, app.ctx, app.endpoints);
}
