/** The fields of a permission tree node the search reads (api-contract §3.2 TreeModel). */
export interface SearchablePermissionNode {
  key: string;
  title: string;
  perms?: string | null;
  children?: SearchablePermissionNode[];
}

/**
 * The permission tree narrowed to a search text (case-insensitive substring of a node's title or
 * button code): a matching node keeps its whole subtree (a menu with its buttons), a node with
 * matching descendants keeps only the branches that lead to them. An empty or blank text gives
 * `nodes` unchanged (the same array).
 */
export function filterPermissionTree<T extends SearchablePermissionNode>(nodes: T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const matches = (n: T) => n.title.toLowerCase().includes(needle) || (n.perms ?? '').toLowerCase().includes(needle);
  const walk = (list: T[]): T[] =>
    list.flatMap((n) => {
      if (matches(n)) return [n];
      const children = walk((n.children ?? []) as T[]);
      return children.length ? [{ ...n, children }] : [];
    });
  return walk(nodes);
}

/** Every key of `nodes` and their descendants, parents first. */
export function permissionTreeKeys(nodes: SearchablePermissionNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...permissionTreeKeys(n.children ?? [])]);
}

/**
 * The checked keys after a check in a narrowed tree: the keys the tree reports for the nodes it
 * shows, plus the checked keys it does not show (a search never drops a grant out of sight).
 */
export function mergeVisibleChecks(checked: string[], visibleKeys: ReadonlySet<string>, checkedVisible: string[]): string[] {
  return [...new Set([...checked.filter((k) => !visibleKeys.has(k)), ...checkedVisible])];
}
