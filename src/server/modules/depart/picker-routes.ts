import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

export interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  departName: string;
  orgCode: string;
  parentId: string | null;
  isLeaf: boolean;
  children?: DepartNode[];
}

/** Department tree for pickers (spec 7.2 queryTreeList): minimal fields, any signed-in user. */
export function departPickerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/sysDepart/queryTreeList', async () => {
    const rows = await ctx.db
      .selectFrom('sys_depart')
      .select(['id', 'parent_id', 'depart_name', 'org_code', 'depart_order'])
      .where('del_flag', '=', '0')
      .orderBy('depart_order')
      .orderBy('org_code')
      .execute();
    const nodes = new Map<string, DepartNode>();
    for (const r of rows)
      nodes.set(r.id, {
        id: r.id,
        key: r.id,
        value: r.id,
        title: r.depart_name,
        departName: r.depart_name,
        orgCode: r.org_code,
        parentId: r.parent_id || null,
        isLeaf: true,
      });
    const roots: DepartNode[] = [];
    for (const n of nodes.values()) {
      const parent = n.parentId ? nodes.get(n.parentId) : undefined;
      if (parent) {
        (parent.children ??= []).push(n);
        parent.isLeaf = false;
      } else roots.push(n);
    }
    return ok(roots);
  });
}
