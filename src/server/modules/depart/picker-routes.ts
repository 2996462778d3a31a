import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { SYSTEM_AREAS } from '../system/areas.js';
import { buildDepartTree, liveDeparts } from './depart-tree.js';

export type { DepartNode } from './depart-tree.js';

/**
 * Department tree (spec 7.2 queryTreeList): any signed-in user gets the picker's minimal
 * fields; holders of 部门管理 get every department field for the tree pane. `ids` limits the
 * answer to those departments (and their subtrees' nesting among them). Only the request's
 * tenant's departments (no tenant: tenant 0).
 */
export function departPickerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { ids?: string } }>('/sys/sysDepart/queryTreeList', async (req) => {
    const full = (await ctx.perms.grantsOf(req.user.id)).menuUrls.has(SYSTEM_AREAS.depart.menuUrl);
    let rows = await liveDeparts(ctx.db, req.user);
    const ids = String(req.query.ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length) rows = rows.filter((r) => ids.includes(r.id));
    return ok(buildDepartTree(rows, full));
  });
}
