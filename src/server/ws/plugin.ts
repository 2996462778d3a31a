import type { FastifyInstance } from 'fastify';
import { socketRoutes } from './socket-routes.js';

/** The notice WebSocket (api-contract §5.6: /websocket/{userId}); needs @fastify/websocket in the parent scope. */
export async function socketModule(app: FastifyInstance): Promise<void> {
  socketRoutes(app, app.ctx);
}
