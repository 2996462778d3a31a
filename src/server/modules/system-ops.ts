import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { tenantRoutes } from './tenant/routes.js';
import { quartzRoutes } from './quartz/routes.js';
import { ruleRoutes } from './rules/routes.js';
import { dataSourceRoutes } from './datasource/routes.js';
import { gatewayRoutes } from './gateway/routes.js';
import { onlineUserRoutes } from './online-user/routes.js';
import { settingRoutes } from './settings/routes.js';
import { addressBookRoutes } from './address-book/routes.js';
import { syncSystemOps } from '../seed/system-ops.js';

/**
 * Issue 6 items 9–10 (spec 7.2): the tenant check of every request, scheduled jobs and their
 * scheduler, check and fill rules, data sources, gateway routes, online users, settings and the
 * address book. Register inside the API plugin, after the auth hook (the tenant check needs the
 * signed-in user) and before the generic screen routes (custom paths win).
 */
export function systemOpsRoutes(api: FastifyInstance, ctx: AppContext): void {
  // the custom pages' menus and the job-class dictionary, also on installs seeded before them
  api.addHook('onReady', async () => syncSystemOps(ctx.db));
  tenantRoutes(api, ctx);
  quartzRoutes(api, ctx);
  ruleRoutes(api, ctx);
  dataSourceRoutes(api, ctx);
  gatewayRoutes(api, ctx);
  onlineUserRoutes(api, ctx);
  settingRoutes(api, ctx);
  addressBookRoutes(api, ctx);
}
