import type { FastifyInstance } from 'fastify';
import { dataLogRoutes } from './routes.js';

/** The data log (spec 7.2 "Data log"): versions of business records and their comparison. */
export async function dataLogModule(app: FastifyInstance): Promise<void> {
  dataLogRoutes(app, app.ctx);
}
