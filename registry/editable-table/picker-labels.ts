/**
 * The texts picker cells show: a `sel_user` cell stores usernames (or ids) and
 * shows realnames, looked up with the user picker's own call (GET /sys/user/getMultiUser, only
 * the keys not known yet); a `sel_depart` cell stores department ids (or orgCodes) and shows
 * department names from the department tree the picker loads (/sys/sysDepart/queryTreeList,
 * cached per request port). Both return option lists the cell renderer reads like a dictionary.
 */
import type { RequestPort } from '../context/RuntimeContext.js';
import { splitValue } from '../shared/format.js';
import { loadUserLabels } from '../widgets/sel-user/api.js';
import { loadDepartTree, toDepartTree, type DepartTreeOption } from '../widgets/sel-depart/tree.js';
import type { ColumnOption, EditableColumn, EditableRow } from './columns.js';
import { fieldOfColumn } from './display.js';

/** Picker types whose cells show looked-up texts. */
export const PICKER_LABEL_TYPES: ReadonlySet<string> = new Set(['sel_user', 'sel_depart']);

/** The `extend.store` of a column (fieldExtendJson / props). */
function storeOf(col: EditableColumn): string | undefined {
  const s = (fieldOfColumn(col).extend as { store?: unknown } | undefined)?.store;
  return typeof s === 'string' ? s : undefined;
}

/** Every distinct non-empty value of a column's cells (comma lists split). */
export function distinctValues(rows: readonly EditableRow[], key: string): string[] {
  const out = new Set<string>();
  for (const r of rows) for (const v of splitValue(r[key])) out.add(v);
  return [...out];
}

/** Department options (value → name) of the whole tree, values per the column's store. */
export async function departOptions(request: RequestPort, col: EditableColumn): Promise<ColumnOption[]> {
  const tree = toDepartTree(await loadDepartTree(request), storeOf(col));
  const out: ColumnOption[] = [];
  const walk = (list: readonly DepartTreeOption[]) =>
    list.forEach((n) => {
      out.push({ value: n.value, text: n.title });
      if (n.children) walk(n.children);
    });
  walk(tree);
  return out;
}

/** Realname options of the `keys` not in `known` (one getMultiUser call; [] when none is missing). */
export async function userOptions(request: RequestPort, keys: readonly string[], known: ReadonlySet<string>): Promise<ColumnOption[]> {
  const missing = keys.filter((k) => !known.has(k));
  if (!missing.length) return [];
  const found = await loadUserLabels(request, missing);
  // a key the server does not know is remembered as itself, so it is not asked again
  return missing.map((k) => ({ value: k, text: found[k] ?? k }));
}
