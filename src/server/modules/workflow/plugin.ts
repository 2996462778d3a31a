import type { FastifyInstance } from 'fastify';
import { workflowRoutes } from './routes.js';

/** The workflow module: process models, the task screens and the hooks that start processes on 提交. */
export async function workflowModule(app: FastifyInstance): Promise<void> {
  workflowRoutes(app, app.ctx, app.endpoints);
}
