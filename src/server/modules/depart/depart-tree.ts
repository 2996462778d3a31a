import type { Db } from '../../db/connection.js';
import type { SysDepart } from '../../db/tables-org.js';
import { camelRow } from '../../http/case.js';
import { nestTree, walkTree } from '../../util/tree.js';
import type { SessionUser } from '../auth/token-service.js';
import { sameTenant } from '../tenant/tenant-scope.js';

/**
 * A department tree node (api-contract §4.5 SysDepartTreeModel): id, key, value (= id),
 * title (= departName), departName, orgCode, parentId, isLeaf, children; administrators of
 * 部门管理 also get every SysDepart field (camelCase), pickers only these.
 */
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
  [field: string]: unknown;
}

/**
 * Every live department (del_flag '0') of the request's tenant (docs/architecture.md "Permission model": departments are
 * tenant-aware; no tenant = tenant 0, tenant/tenant-scope.ts) in tree order (departOrder, then
 * orgCode).
 */
export function liveDeparts(db: Db, user: Pick<SessionUser, 'tenantId'>): Promise<SysDepart[]> {
  return db
    .selectFrom('sys_depart')
    .selectAll()
    .where('del_flag', '=', '0')
    .where(sameTenant(user))
    .orderBy('depart_order')
    .orderBy('org_code')
    .execute();
}

/** One node; `full` adds every SysDepart field. `isLeaf` is set by the caller. */
export function departNode(r: SysDepart, full: boolean): DepartNode {
  const base: DepartNode = {
    id: r.id,
    key: r.id,
    value: r.id,
    title: r.depart_name,
    departName: r.depart_name,
    orgCode: r.org_code,
    parentId: r.parent_id || null,
    isLeaf: true,
  };
  return full ? { ...camelRow(r), ...base } : base;
}

/** Nests `rows` under their parents (a row whose parent is absent becomes a root). */
export function buildDepartTree(rows: readonly SysDepart[], full: boolean): DepartNode[] {
  const roots = nestTree(rows, (r) => departNode(r, full));
  walkTree(roots, (n) => {
    if (n.children) n.isLeaf = false;
  });
  return roots;
}
