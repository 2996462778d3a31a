import type { FastifyInstance } from 'fastify';
import { dictRoutes } from './routes.js';

/** The dictionary read calls every signed-in page uses (api-contract §6: getDictItems, loadDict, loadTreeData …). */
export async function dictModule(app: FastifyInstance): Promise<void> {
  dictRoutes(app, app.ctx);
}
