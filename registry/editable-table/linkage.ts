/**
 * Linked select columns of the editable table (spec 3 "Editable table column": linkageKey;
 * JVxeTable linkage): a column with `linkageKey: 'city'` is the parent of column `city`.
 * Changing the parent's value in a row clears the child (and the child's own children) in that
 * row, and the child's options become those of the new parent value: the options whose `parent`
 * equals it, or what the table's `loadLinkedOptions` resolves (cached per child and parent
 * value). Headless: no React, no handsontable.
 */
import type { ColumnOption, EditableColumn, EditableRow } from './columns.js';

/** Loads a child column's options for a parent value (e.g. a request); `row` is the edited row. */
export type LinkedOptionsLoader = (childKey: string, parentValue: unknown, row: EditableRow) => Promise<ColumnOption[]> | ColumnOption[];

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The parent column of `childKey` (the column whose linkageKey names it), or undefined. */
export function linkageParentOf(columns: readonly EditableColumn[], childKey: string): EditableColumn | undefined {
  return columns.find((c) => c.linkageKey === childKey && c.key !== childKey);
}

/** The keys below `key` in its linkage chain (child, grandchild …), nearest first; cycles stop. */
export function linkedDescendants(columns: readonly EditableColumn[], key: string): string[] {
  const out: string[] = [];
  let cur = columns.find((c) => c.key === key)?.linkageKey;
  while (cur && cur !== key && !out.includes(cur) && columns.some((c) => c.key === cur)) {
    out.push(cur);
    cur = columns.find((c) => c.key === cur)?.linkageKey;
  }
  return out;
}

/**
 * The values a change of `key` from `before` to `after` clears in a row: every linked descendant
 * that holds a value set to null. Empty when the value did not change or the column has no child.
 */
export function linkageClearPatch(
  columns: readonly EditableColumn[],
  key: string,
  row: Record<string, unknown>,
  before: unknown,
  after: unknown,
): Record<string, null> {
  const patch: Record<string, null> = {};
  if (String(before ?? '') === String(after ?? '')) return patch;
  for (const k of linkedDescendants(columns, key)) if (!isEmpty(row[k])) patch[k] = null;
  return patch;
}

/** The static options of a child column for a parent value: those whose `parent` matches. */
export function staticLinkedOptions(child: EditableColumn, parentValue: unknown): ColumnOption[] {
  if (isEmpty(parentValue)) return [];
  return (child.options ?? []).filter((o) => o.parent !== undefined && String(o.parent) === String(parentValue));
}

/**
 * The options of linked child columns, per row: static (`parent` on the options) or loaded
 * through a {@link LinkedOptionsLoader}, cached per child key and parent value (a failed load is
 * not cached and yields no options). `known` keeps every option seen, so a cell can show a
 * stored value's text.
 */
export class ColumnLinkage {
  private cache = new Map<string, Promise<ColumnOption[]>>();
  private loaded = new Map<string, ColumnOption[]>();

  constructor(
    private readonly columns: readonly EditableColumn[],
    private readonly loader?: LinkedOptionsLoader,
  ) {}

  /** True when `key` is the child of a linkage. */
  isChild(key: string): boolean {
    return !!linkageParentOf(this.columns, key);
  }

  /** The child's options for a row (resolves [] without a parent value). */
  optionsFor(childKey: string, row: EditableRow): Promise<ColumnOption[]> {
    const parent = linkageParentOf(this.columns, childKey);
    const child = this.columns.find((c) => c.key === childKey);
    if (!parent || !child) return Promise.resolve(child?.options ?? []);
    const pv = row[parent.key];
    if (isEmpty(pv)) return Promise.resolve([]);
    if (!this.loader) return Promise.resolve(staticLinkedOptions(child, pv));
    const ck = `${childKey}\u0000${String(pv)}`;
    let hit = this.cache.get(ck);
    if (!hit) {
      hit = Promise.resolve()
        .then(() => this.loader!(childKey, pv, row))
        .then((opts) => {
          const list = Array.isArray(opts) ? opts : [];
          this.loaded.set(ck, list);
          return list;
        });
      this.cache.set(ck, hit);
      hit.catch(() => this.cache.delete(ck));
    }
    return hit.catch(() => []);
  }

  /** Options already known for a child and parent value (sync; for the cell text). */
  knownOptions(childKey: string, row: EditableRow): ColumnOption[] | undefined {
    const parent = linkageParentOf(this.columns, childKey);
    if (!parent) return undefined;
    const child = this.columns.find((c) => c.key === childKey);
    if (!this.loader) return child?.options;
    return this.loaded.get(`${childKey}\u0000${String(row[parent.key])}`);
  }
}
