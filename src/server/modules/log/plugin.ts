import type { FastifyInstance } from 'fastify';
import { statsRoutes } from './stats-routes.js';
import { logRoutes } from './log-routes.js';

/** The log module (spec 7.2 "Log", home statistics): the system log list and delete, visit statistics. */
export async function logModule(app: FastifyInstance): Promise<void> {
  statsRoutes(app, app.ctx);
  logRoutes(app, app.ctx);
}
