import type { FastifyInstance } from 'fastify';
import { departPickerRoutes } from './picker-routes.js';

/** The department picker any signed-in user may open (spec 3). */
export async function departPickerModule(app: FastifyInstance): Promise<void> {
  departPickerRoutes(app, app.ctx);
}
