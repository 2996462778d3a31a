/**
 * Headless helpers of the tree widgets (sel_tree, cat_tree): the condition check of spec 5.6 and
 * the mapping of server tree nodes (spec 3 "Dictionary and category tree node": key, value,
 * label/name/title, leaf/isLeaf, children, code, parentId) to TreeSelect's simple-mode nodes.
 */
import { WIDGET_TEXT } from './locale.js';

/** A tree node as /sys/dict/loadTreeData and /sys/category/loadTree* answer it. */
export interface ServerTreeNode {
  key?: string | number;
  value?: string | number;
  id?: string | number;
  title?: string;
  label?: string;
  name?: string;
  code?: string;
  leaf?: boolean;
  isLeaf?: boolean;
  parentId?: string | number | null;
  pid?: string | number | null;
  children?: ServerTreeNode[] | null;
}

/** A TreeSelect node in simple mode (`treeDataSimpleMode`): flat list linked by pId. */
export interface FlatTreeNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

/**
 * Checks a tree widget's `condition` (spec 5.6): absent or a JSON object string is fine
 * (returned unchanged); anything else gives the error 组件JTreeSelect-condition传值有误，需要一个json字符串!.
 */
export function checkTreeCondition(condition: string | undefined | null): { ok: true; condition?: string } | { ok: false; error: string } {
  if (condition === undefined || condition === null || condition === '') return { ok: true };
  try {
    const parsed: unknown = JSON.parse(condition);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ok: true, condition };
  } catch {
    /* not JSON */
  }
  return { ok: false, error: WIDGET_TEXT.treeConditionBad };
}

/** The stored key of a node: `key`, else `value`, else `id`. */
export function nodeKey(n: ServerTreeNode): string {
  return String(n.key ?? n.value ?? n.id ?? '');
}

/**
 * Flattens server nodes (children included) into simple-mode TreeSelect nodes under `parent`
 * ('' for the root level). A node is a leaf when `leaf`/`isLeaf` says so.
 */
export function flattenTree(nodes: readonly ServerTreeNode[] | null | undefined, parent = ''): FlatTreeNode[] {
  const out: FlatTreeNode[] = [];
  for (const n of nodes ?? []) {
    const key = nodeKey(n);
    if (!key) continue;
    const kids = n.children ?? [];
    out.push({
      id: key,
      pId: parent,
      value: key,
      title: String(n.title ?? n.label ?? n.name ?? key),
      isLeaf: !!(n.leaf ?? n.isLeaf) && !kids.length,
    });
    if (kids.length) out.push(...flattenTree(kids, key));
  }
  return out;
}

/** Adds nodes not present yet (by id) to a flat tree; returns a new array. */
export function mergeNodes(tree: readonly FlatTreeNode[], more: readonly FlatTreeNode[]): FlatTreeNode[] {
  const seen = new Set(tree.map((n) => n.id));
  return [...tree, ...more.filter((n) => !seen.has(n.id))];
}
