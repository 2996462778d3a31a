import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './routes.js';

/** The office home's figures (GET /sys/dashboard/home), computed within the caller's permissions and tenant. */
export async function dashboardModule(app: FastifyInstance): Promise<void> {
  dashboardRoutes(app, app.ctx, app.endpoints);
}
