/** A row that names its parent (`parent_id` of sys_depart, sys_permission, sys_os …). */
export interface ParentLinked {
  id: string;
  parent_id: string | null;
}

/**
 * Nests one node per row under its parent's node, children in row order; a row whose parent is
 * absent (or empty) becomes a root. `toNode` builds a node (its `children` are filled here);
 * `parentOf` reads a row's parent id (default `parent_id`). Returns the roots, in row order.
 */
export function nestTree<R extends { id: string }, N extends { children?: N[] }>(
  rows: readonly R[],
  toNode: (r: R) => N,
  parentOf: (r: R) => string | null | undefined = (r) => (r as unknown as ParentLinked).parent_id,
): N[] {
  const nodes = new Map<string, N>();
  for (const r of rows) nodes.set(r.id, toNode(r));
  const roots: N[] = [];
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    const pid = parentOf(r);
    const parent = pid ? nodes.get(pid) : undefined;
    if (parent && parent !== n) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** Calls `visit` on every node of a forest, parents before children. */
export function walkTree<N extends { children?: N[] }>(roots: readonly N[], visit: (n: N) => void): void {
  for (const n of roots) {
    visit(n);
    if (n.children) walkTree(n.children, visit);
  }
}

/** The ids of `rootIds` and every descendant of them among `rows` (cycles cannot loop). */
export function withDescendants(rows: readonly ParentLinked[], rootIds: readonly string[]): Set<string> {
  const out = new Set(rootIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (r.parent_id && out.has(r.parent_id) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
  }
  return out;
}
