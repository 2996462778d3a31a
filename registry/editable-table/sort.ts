/**
 * Client-side sorting of the editable table (spec 3 "Editable table column": sorter): a header
 * click on a column with `sorter: true` orders the shown rows by that column, ascending, then
 * descending, then back to the original order. Numbers (inputNumber, numeric text) compare as
 * numbers, the rest as zh-CN text; empty cells always go last. Only the view is sorted: the
 * model's row order (and so value collection and dragSortKey) is untouched. Headless.
 */
import type { EditableColumn, EditableRow } from './columns.js';

/** A sort direction. */
export type SortOrder = 'asc' | 'desc';

const collator = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' });
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Compares two cell values ascending (empties last; numbers as numbers; else zh-CN text). */
export function compareValues(a: unknown, b: unknown): number {
  const ea = isEmpty(a);
  const eb = isEmpty(b);
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const sa = String(a).trim();
  const sb = String(b).trim();
  if (NUMERIC.test(sa) && NUMERIC.test(sb)) return Number(sa) - Number(sb);
  return collator.compare(sa, sb);
}

/**
 * A comparator for `order` (descending reverses the values but keeps empties last), the shape of
 * handsontable's columnSorting `compareFunctionFactory`.
 */
export function comparatorFor(order: SortOrder): (a: unknown, b: unknown) => number {
  return (a, b) => {
    if (isEmpty(a) || isEmpty(b)) return compareValues(a, b);
    const c = compareValues(a, b);
    return order === 'asc' ? c : -c;
  };
}

/** The rows sorted by a column (a new array; stable; `order` undefined → unchanged order). */
export function sortRows<R extends EditableRow>(rows: readonly R[], col: EditableColumn, order?: SortOrder): R[] {
  if (!order) return [...rows];
  const cmp = comparatorFor(order);
  return rows
    .map((r, i) => [r, i] as const)
    .sort(([a, ia], [b, ib]) => cmp(a[col.key], b[col.key]) || ia - ib)
    .map(([r]) => r);
}

/** The next order of a header click: none → asc → desc → none. */
export function nextOrder(current: SortOrder | undefined): SortOrder | undefined {
  return current === undefined ? 'asc' : current === 'asc' ? 'desc' : undefined;
}

/** True when a column sorts on header click. */
export function isSortable(col: EditableColumn): boolean {
  return col.sorter === true;
}
