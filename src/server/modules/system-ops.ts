import type { FastifyInstance } from 'fastify';
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
 * System operations (spec 7.2): tenants' admin calls (the request check is tenant/plugin.ts),
 * scheduled jobs and their scheduler, check and fill rules, data sources, gateway routes, online
 * users, settings and the address book. Register after the token and tenant checks and before
 * the generic screen routes (custom paths win).
 */
export async function systemOpsModule(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
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
