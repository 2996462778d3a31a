import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ScreenEndpoints } from '../../online/screen-endpoints.js';
import { permissionRoutes } from '../permission/routes.js';
import { permissionRuleRoutes } from '../permission/rule-routes.js';
import { grantRoutes } from '../permission/grant-routes.js';
import { registerDataRuleScopes } from '../permission/data-rule-scope.js';
import { roleRoutes } from '../role/routes.js';
import { userAdminRoutes } from '../user/admin-routes.js';
import { userRecycleRoutes } from '../user/recycle-routes.js';
import { registerUserHooks } from '../user/screen-hooks.js';
import { departAdminRoutes } from '../depart/admin-routes.js';
import { departRoleRoutes } from '../depart/role-routes.js';
import { osRoutes } from '../os/routes.js';
import { dictAdminRoutes } from '../dict/admin-routes.js';
import { categoryRoutes } from '../category/routes.js';
import { positionRoutes } from '../position/routes.js';

/**
 * Registers system administration: users, roles, menus and
 * permissions with data rules, departments and department roles, organisation units,
 * dictionaries, categories, positions — the custom calls and the hooks of their generic
 * screens (schemas/sys/*.json), and the data-rule scope of every screen. Call it before the
 * generic screen routes, so the custom paths win.
 */
export function systemAdminRoutes(app: FastifyInstance, ctx: AppContext, endpoints: ScreenEndpoints): void {
  registerDataRuleScopes(ctx);
  permissionRoutes(app, ctx);
  permissionRuleRoutes(app, ctx);
  grantRoutes(app, ctx);
  roleRoutes(app, ctx);
  userAdminRoutes(app, ctx, endpoints);
  userRecycleRoutes(app, ctx);
  registerUserHooks(ctx);
  departAdminRoutes(app, ctx);
  departRoleRoutes(app, ctx);
  osRoutes(app, ctx);
  dictAdminRoutes(app, ctx);
  categoryRoutes(app, ctx);
  positionRoutes(app, ctx, endpoints);
}
