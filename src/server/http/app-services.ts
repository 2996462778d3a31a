import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';
import type { ScreenEndpoints } from '../online/screen-endpoints.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services every module shares (context.ts), decorated once by appServices. */
    ctx: AppContext;
    /** The generic screen endpoints (online/screen-endpoints.ts) the system and online modules serve through. */
    endpoints: ScreenEndpoints;
  }
}

/**
 * Decorates the API scope with the shared services (`app.ctx`, `app.endpoints`), so every module
 * plugin registered in it reads them from its own instance. fastify-plugin: the decorators
 * must reach the sibling module plugins.
 */
export const appServices = fp<{ ctx: AppContext; endpoints: ScreenEndpoints }>(
  async (app, { ctx, endpoints }) => {
    app.decorate('ctx', ctx);
    app.decorate('endpoints', endpoints);
  },
  { name: 'app-services' },
);
