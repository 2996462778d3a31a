/**
 * Editable-table column definitions (spec 3 "Editable table column", JEditableTable/JVxeTable
 * semantics) and the column width rules of spec 9. Headless: no React, no handsontable.
 */

/** One validation rule of a column (spec 5.4): the first failing rule's message wins. */
export interface EditableRule {
  /** Empty fails. */
  required?: boolean;
  /** No duplicate across rows (same as `pattern: 'only'`). */
  unique?: boolean;
  /** A spec 5.4 code (`n6-16`, `e`, `m`, `money`, `*` …), `'only'`, or a custom regular expression. */
  pattern?: string | RegExp;
  /** The message shown on failure (defaults per rule kind). */
  message?: string;
  /**
   * A synchronous check of a non-empty value: the failing message, or null when it passes (a
   * screen field's pipeline checks, src/shared/field-validation.ts). Runs in order with the others.
   */
  check?: (value: unknown) => string | null;
  /**
   * A custom check, sync or async: return false (fails with `message`), a string (fails with that
   * text) or true/undefined/null (passes). Runs after the other rules of this list passed.
   */
  handler?: (ctx: RuleContext) => boolean | string | null | undefined | void | Promise<boolean | string | null | undefined | void>;
}

/** What a rule handler receives. */
export interface RuleContext {
  value: unknown;
  row: EditableRow;
  column: EditableColumn;
  rows: readonly EditableRow[];
  trigger: ValidateTrigger;
}

/** When validation runs (spec 5.4: input, change, blur), or `all` for value collection. */
export type ValidateTrigger = 'input' | 'change' | 'blur' | 'all';

/** A table row: `id` (a temp id marks new rows) plus column keys (spec 3 "Table row"). */
export type EditableRow = { id: string } & Record<string, unknown>;

/** An option of a select-like column. */
export interface ColumnOption {
  value: string | number;
  text?: string;
  title?: string;
  label?: string;
  /** A linked child column's option: the parent column value it belongs to (linkage.ts). */
  parent?: string | number;
}

/** Statistics a column shows in the statistics row. */
export type StatisticKind = 'sum' | 'average';

/**
 * One editable-table column (spec 3). `type` is a widget type of the registry (`input`,
 * `inputNumber`, `select`, `sel_user`, `upload` …); the cell editor comes from `editableCellOf`.
 */
export interface EditableColumn {
  key: string;
  /** Alias of `key` kept for JEditableTable configurations. */
  field?: string;
  title: string;
  type: string;
  /** Pixels or a CSS length ('12%'); missing → the spec 9 rules of {@link columnWidths}. */
  width?: number | string;
  minWidth?: number;
  options?: ColumnOption[];
  validateRules?: EditableRule[];
  defaultValue?: unknown;
  customValue?: unknown[];
  defaultChecked?: boolean;
  dictCode?: string;
  statistics?: StatisticKind | StatisticKind[];
  isOrder?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  allowInput?: boolean;
  allowSearch?: boolean;
  responseName?: string;
  action?: string;
  token?: boolean;
  fieldExtendJson?: string | Record<string, unknown>;
  placeholder?: string;
  props?: Record<string, unknown>;
  disabled?: boolean;
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  param?: Record<string, unknown>;
  sorter?: boolean;
  linkageKey?: string;
  async?: boolean;
  format?: string;
  dict?: string;
  tipsContent?: string;
  /**
   * A value derived from the row (a screen's computed field, e.g. amount = quantity × price):
   * set again whenever another cell of the row changes.
   */
  compute?: (row: EditableRow) => unknown;
}

/** Spec 9: fixed widths and minimums by type. */
const FIXED_WIDTH: Readonly<Record<string, number>> = { datetime: 200, sel_user: 220, sel_depart: 160 };
const MIN_WIDTH: Readonly<Record<string, number>> = { datetime: 190, sel_user: 190, sel_depart: 190, date: 135 };
/** Spec 9: share of the table width split across columns, else this fallback. */
export const WIDTH_SHARE = 0.92;
export const FALLBACK_WIDTH = 120;

/** The key of a column (`key`, else `field`). */
export function columnKey(col: EditableColumn): string {
  return col.key || col.field || '';
}

/**
 * Pixel widths of the columns (spec 9): an explicit numeric width wins (a percentage is taken of
 * `tableWidth`); datetime 200, user select 220, department 160; the other columns split 92 % of
 * the table width when each share is at least 120 px, else 120 px. Minimums: datetime, user and
 * department 190, date 135. `hidden` columns get 0.
 */
export function columnWidths(columns: readonly EditableColumn[], tableWidth?: number): number[] {
  const fixed = columns.map((c) => {
    if (c.type === 'hidden') return 0;
    if (typeof c.width === 'number') return c.width;
    if (typeof c.width === 'string') {
      const pct = /^(\d+(?:\.\d+)?)%$/.exec(c.width.trim());
      if (pct && tableWidth) return Math.round((tableWidth * Number(pct[1])) / 100);
      const px = /^(\d+(?:\.\d+)?)(?:px)?$/.exec(c.width.trim());
      if (px) return Number(px[1]);
    }
    return FIXED_WIDTH[c.type];
  });
  const free = fixed.filter((w) => w === undefined).length;
  let share = FALLBACK_WIDTH;
  if (free && tableWidth) {
    const each = Math.floor((tableWidth * WIDTH_SHARE) / columns.filter((c) => c.type !== 'hidden').length);
    if (each >= FALLBACK_WIDTH) share = each;
  }
  return columns.map((c, i) => {
    const w = fixed[i] ?? share;
    if (w === 0) return 0;
    return Math.max(w, c.minWidth ?? 0, MIN_WIDTH[c.type] ?? 0);
  });
}
