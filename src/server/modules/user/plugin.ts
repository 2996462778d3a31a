import type { FastifyInstance } from 'fastify';
import { userPickerRoutes } from './picker-routes.js';

/** The user and position pickers any signed-in user may open (spec 3, minimal fields). */
export async function userPickerModule(app: FastifyInstance): Promise<void> {
  userPickerRoutes(app, app.ctx);
}
