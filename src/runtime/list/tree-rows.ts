import { LIST_TEXT } from './list-texts.js';

type Row = Record<string, unknown> & { children?: Row[] };

/**
 * Rows of a tree list (spec 2.2, 4.4): a row whose has-child column is '1' gets an empty
 * `children` list so the table offers to expand it (children load on first expand); others
 * are leaves.
 */
export function treeRows(rows: Row[], hasChildColumn: string): Row[] {
  return rows.map((r) => (String(r[hasChildColumn] ?? '') === '1' ? { ...r, children: r.children ?? [] } : withoutChildren(r)));
}

function withoutChildren(r: Row): Row {
  const { children: _c, ...rest } = r;
  void _c;
  return rest;
}

/**
 * Puts the loaded `children` under the row `id` anywhere in the tree; a node whose children
 * came back empty becomes a leaf (no expand icon).
 */
export function attachChildren(rows: Row[], id: string, children: Row[], hasChildColumn: string): Row[] {
  return rows.map((r) => {
    if (String(r.id) === id) return children.length ? { ...r, children: treeRows(children, hasChildColumn) } : withoutChildren(r);
    return r.children?.length ? { ...r, children: attachChildren(r.children, id, children, hasChildColumn) } : r;
  });
}

/** Whether a row's children have been loaded (its `children` list is not empty). */
export function childrenLoaded(row: Row): boolean {
  return Array.isArray(row.children) && row.children.length > 0;
}

/**
 * The rows of a tree reply (spec 7.3: `result` is an array or `result.records`; the envelope may
 * be left out); ids become strings. Throws `Error('返回数据类型无法识别')` (spec 8 'return data
 * type not recognised') for anything else.
 */
export function rowsOfReply(reply: unknown): Row[] {
  const body = reply as { result?: unknown } | unknown[] | null;
  const result = Array.isArray(body) ? body : body && typeof body === 'object' && 'result' in body ? body.result : undefined;
  const list = Array.isArray(result)
    ? result
    : result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)
      ? (result as { records: unknown[] }).records
      : null;
  if (!list) throw new Error(LIST_TEXT.badTreeReply);
  return list.map((r) => {
    const row = { ...(r as Record<string, unknown>) };
    return { ...row, id: String(row.id ?? '') };
  });
}
