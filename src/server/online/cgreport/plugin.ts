import type { FastifyInstance } from 'fastify';
import { cgreportRoutes } from './routes.js';

/** Online reports (api-contract §8: /online/cgreport/api/*). */
export async function cgreportModule(app: FastifyInstance): Promise<void> {
  cgreportRoutes(app, app.ctx);
}
