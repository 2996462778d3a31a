import type { SysPermission } from '../../db/tables-permission.js';
import { camelRow } from '../../http/case.js';
import { nestTree, walkTree } from '../../util/tree.js';

/** A TreeModel node of /sys/permission/queryTreeList (api-contract §3.2). */
export interface TreeModel {
  key: string;
  title: string;
  slotTitle: string;
  label: string;
  value: string;
  isLeaf: boolean;
  icon: string | null;
  ruleFlag: number;
  /** Always JeecgBoot's `{title: 'hasDatarule'}`: the antd 1.x tree of its clients fails on null. */
  scopedSlots: { title: string };
  parentId: string | null;
  menuType: number | null;
  perms: string | null;
  children?: TreeModel[];
}

/** Builds a forest from rows (ordered), children under their parent; orphans become roots. */
function forest<T extends { children?: T[] }>(
  rows: SysPermission[],
  map: (r: SysPermission) => T,
  leaf: (n: T, isLeaf: boolean) => void,
): T[] {
  const roots = nestTree(rows, map);
  walkTree(roots, (n) => leaf(n, !n.children?.length));
  return roots;
}

/** The permission tree as TreeModel nodes (authorisation trees: roles, departments, OS). */
export function treeModels(rows: SysPermission[]): TreeModel[] {
  return forest<TreeModel>(
    rows,
    (r) => ({
      key: r.id,
      title: r.name ?? '',
      slotTitle: r.name ?? '',
      label: r.name ?? '',
      value: r.id,
      isLeaf: true,
      icon: r.icon,
      ruleFlag: r.rule_flag ?? 0,
      scopedSlots: { title: 'hasDatarule' },
      parentId: r.parent_id || null,
      menuType: r.menu_type,
      perms: r.perms,
    }),
    (n, isLeaf) => {
      n.isLeaf = isLeaf;
    },
  );
}

/** A SysPermissionTree node of /sys/permission/list: entity fields (camelCase) plus key, title, leaf, isLeaf, children. */
export type PermissionNode = Record<string, unknown> & { children?: PermissionNode[] };

/** The full menu tree of /sys/permission/list (api-contract §3.2). */
export function permissionTree(rows: SysPermission[]): PermissionNode[] {
  return forest<PermissionNode>(
    rows,
    (r) => {
      const { is_route, is_leaf: _leaf, ...rest } = r;
      void _leaf;
      return { ...camelRow(rest), route: is_route !== false, key: r.id, title: r.name ?? '' };
    },
    (n, isLeaf) => {
      n.leaf = isLeaf;
      n.isLeaf = isLeaf;
    },
  );
}
