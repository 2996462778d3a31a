import fp from 'fastify-plugin';
import { announcementRoutes } from './routes.js';

/**
 * Announcements and my messages (spec 7.2 "Notice", api-contract §5.6). fastify-plugin: its
 * onRoute hook adds a pre-validation step to the announcement add and edit routes the generic
 * screen module registers later, in its sibling scope.
 */
export const announcementModule = fp(async (app) => announcementRoutes(app, app.ctx), {
  name: 'announcement',
  dependencies: ['app-services'],
});
