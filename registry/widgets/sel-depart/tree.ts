import type { RequestPort } from '../../context/RuntimeContext.js';

/** A department node of /sys/sysDepart/queryTreeList (spec 3 "Department"; api-contract §5). */
export interface DepartNode {
  id: string;
  key?: string;
  value?: string;
  title?: string;
  orgCode?: string;
  departName?: string;
  parentId?: string;
  isLeaf?: boolean;
  children?: DepartNode[];
}

/** A TreeSelect node: `value` (= `key`) is the stored key (id or orgCode per extend.store). */
export interface DepartTreeOption {
  key: string;
  value: string;
  title: string;
  isLeaf?: boolean;
  children?: DepartTreeOption[];
}

/** Maps department nodes to TreeSelect data storing `id` (default) or `orgCode`. */
export function toDepartTree(nodes: readonly DepartNode[], store: string | undefined): DepartTreeOption[] {
  return nodes.map((n) => {
    const children = n.children?.length ? toDepartTree(n.children, store) : undefined;
    const value = String((store === 'orgCode' ? n.orgCode : (n.id ?? n.value)) ?? n.key);
    // rc-tree-select wants key and value equal when both are given
    return {
      key: value,
      value,
      title: String(n.departName ?? n.title ?? ''),
      ...(children ? { children } : { isLeaf: true }),
    };
  });
}

/** Titles of stored keys found in a tree (unknown keys shown raw). */
export function departTitles(tree: readonly DepartTreeOption[], keys: readonly string[]): string[] {
  const byValue = new Map<string, string>();
  const walk = (list: readonly DepartTreeOption[]) =>
    list.forEach((n) => {
      byValue.set(n.value, n.title);
      if (n.children) walk(n.children);
    });
  walk(tree);
  return keys.map((k) => byValue.get(k) ?? k);
}

const caches = new WeakMap<RequestPort, Promise<DepartNode[]>>();

/**
 * The department tree: GET /sys/sysDepart/queryTreeList → nested nodes (also accepts the
 * `{treeList}` shape), cached per request port for the page session; a failure is not cached.
 */
export function loadDepartTree(request: RequestPort): Promise<DepartNode[]> {
  const hit = caches.get(request);
  if (hit) return hit;
  const pending = request.get<DepartNode[] | { treeList?: DepartNode[] }>('/sys/sysDepart/queryTreeList').then((res) => {
    if (!res.success) throw new Error(res.message);
    const r = res.result;
    return Array.isArray(r) ? r : (r?.treeList ?? []);
  });
  caches.set(request, pending);
  pending.catch(() => caches.delete(request));
  return pending;
}
