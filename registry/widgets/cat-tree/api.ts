import type { RequestPort } from '../../context/RuntimeContext.js';
import type { ServerTreeNode } from '../../shared/tree.js';

async function treeCall(request: RequestPort, url: string, params: Record<string, unknown>): Promise<ServerTreeNode[]> {
  const res = await request.get<ServerTreeNode[]>(url, params);
  if (!res.success) throw new Error(res.message);
  return Array.isArray(res.result) ? res.result : [];
}

/**
 * The first level under the root category `pcode`: GET /sys/category/loadTreeRoot
 * `{async: true, pcode, condition?}` → `[{key, title, leaf, …}]` (api-contract §4.5).
 */
export function loadCategoryRoot(request: RequestPort, pcode: string, condition?: string): Promise<ServerTreeNode[]> {
  return treeCall(request, '/sys/category/loadTreeRoot', { async: true, pcode, ...(condition ? { condition } : {}) });
}

/** The children of a category: GET /sys/category/loadTreeChildren `{pid}`. */
export function loadCategoryChildren(request: RequestPort, pid: string): Promise<ServerTreeNode[]> {
  return treeCall(request, '/sys/category/loadTreeChildren', { pid });
}

/** The whole tree under `pcode` (for searching): GET /sys/category/loadTreeData `{pcode, condition?}`. */
export function loadCategoryTree(request: RequestPort, pcode: string, condition?: string): Promise<ServerTreeNode[]> {
  return treeCall(request, '/sys/category/loadTreeData', { pcode, ...(condition ? { condition } : {}) });
}

/**
 * Names of stored category ids: GET /sys/category/loadDictItem `{ids: 'a,b'}` → names in the
 * same order (a comma-joined string is accepted too). Returns `{ id: name }`.
 */
export async function loadCategoryNames(request: RequestPort, ids: string[]): Promise<Record<string, string>> {
  const res = await request.get<string[] | string>('/sys/category/loadDictItem', { ids: ids.join(',') });
  if (!res.success) throw new Error(res.message);
  const names = Array.isArray(res.result) ? res.result : String(res.result ?? '').split(',');
  const out: Record<string, string> = {};
  ids.forEach((id, i) => {
    const name = names[i];
    if (name !== undefined && name !== null && name !== '') out[id] = String(name);
  });
  return out;
}
