/**
 * The headless editable-table model (JEditableTable / JVxeTable semantics; spec 3, 4.4, 5.4, 9):
 * rows with temp ids for new rows, add / insert / delete with a delete list of saved ids, drag
 * sort and move up/down writing `dragSortKey`, disabled rows, selection, validation (sync rules
 * on every edit, handlers asynchronously) with per-cell errors, value collection that rejects on
 * any failure, the statistics row and the 1500 ms insert guard. No React, no handsontable: the
 * grid component renders it and calls back on edits.
 */
import { columnKey, type EditableColumn, type EditableRow, type ValidateTrigger } from './columns.js';
import { columnStatistics, type StatisticsRow } from './statistics.js';
import { ColumnLinkage, linkageClearPatch } from './linkage.js';
import { checkCellSync, countValues, hasHandler, hasUniqueRule, validateCell, type ValueCounts } from './validation.js';
import { ReloadEffects } from './reload-effect.js';
import {
  DEFAULT_DRAG_SORT_KEY,
  INSERT_GUARD_MS,
  isTempId,
  newTempId,
  TableValidationError,
  type AddRowsOptions,
  type CellError,
  type DisabledRows,
  type EditableTableOptions,
  type ModelListener,
  type TableValues,
} from './model-types.js';

export * from './model-types.js';
export type { StatisticsRow } from './statistics.js';

/** The editable table's state and operations. See the file comment. */
export class EditableTableModel {
  readonly columns: EditableColumn[];
  readonly dragSortKey: string;
  readonly dragSort: boolean;
  private rowList: EditableRow[];
  private deleted: string[] = [];
  private errorMap = new Map<string, string>();
  private selected = new Set<string>();
  private disabledRows?: DisabledRows;
  private lastInsert = -Infinity;
  private readonly guardMs: number;
  private readonly now: () => number;
  private listeners = new Set<ModelListener>();
  private version = 0;
  private validating = new Set<string>();
  /** Linked select columns (linkageKey): per-row child options. */
  readonly linkage: ColumnLinkage;
  /** Spec 9 reload effect: cells replaced from outside (setValues, rows pushed by other pages). */
  readonly reloadEffect: boolean;
  private effects: ReloadEffects;

  constructor(opts: EditableTableOptions) {
    this.columns = opts.columns.map((c) => ({ ...c, key: columnKey(c) }));
    this.dragSortKey = opts.dragSortKey || DEFAULT_DRAG_SORT_KEY;
    this.dragSort = opts.dragSort ?? false;
    this.disabledRows = opts.disabledRows;
    this.guardMs = opts.insertGuardMs ?? INSERT_GUARD_MS;
    this.now = opts.now ?? Date.now;
    this.rowList = (opts.rows ?? []).map((r) => this.normalise(r));
    this.linkage = new ColumnLinkage(this.columns, opts.loadLinkedOptions);
    this.reloadEffect = opts.reloadEffect ?? false;
    this.effects = new ReloadEffects(() => this.emit(), this.now);
  }

  /** Subscribe to changes; returns the unsubscribe function. */
  subscribe(fn: ModelListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Increases on every change (for React's useSyncExternalStore). */
  getVersion(): number {
    return this.version;
  }

  private emit(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }

  private normalise(r: Record<string, unknown>): EditableRow {
    const id = r.id === undefined || r.id === null || r.id === '' ? newTempId() : String(r.id);
    return { ...r, id };
  }

  /** The rows in display order (do not mutate). */
  get rows(): readonly EditableRow[] {
    return this.rowList;
  }

  /** Replaces all rows (a fresh load): clears the delete list, errors and selection. */
  setRows(rows: Array<Record<string, unknown>>): void {
    this.rowList = rows.map((r) => this.normalise(r));
    this.deleted = [];
    this.errorMap.clear();
    this.selected.clear();
    this.effects.clear();
    this.emit();
  }

  /**
   * Sets values of existing rows from outside the user's own edit (JVxeTable `setValues`):
   * `[{rowKey, values}]`; unknown rows and columns are skipped and `id` never changes. Changed
   * cells are checked with the sync rules and, with `reloadEffect`, show the 1400 ms reload
   * effect. Returns the changed cells as [rowId, key].
   */
  setValues(items: ReadonlyArray<{ rowKey: string; values: Record<string, unknown> }>): Array<[string, string]> {
    return this.patchRows(items, (key) => this.columns.some((c) => c.key === key));
  }

  /**
   * A row pushed by another page over the table websocket (spec 7.3 `update_vxe_table`): every
   * field but `id` is copied onto the row with the same id (a row not shown here is ignored),
   * with the reload effect on its changed columns. Returns the changed cells.
   */
  applyRemoteRow(row: Record<string, unknown>): Array<[string, string]> {
    if (row?.id === undefined || row.id === null) return [];
    const { id, ...values } = row;
    return this.patchRows([{ rowKey: String(id), values }], () => true);
  }

  private patchRows(
    items: ReadonlyArray<{ rowKey: string; values: Record<string, unknown> }>,
    accept: (key: string) => boolean,
  ): Array<[string, string]> {
    const changed: Array<[string, string]> = [];
    for (const { rowKey, values } of items) {
      const i = this.indexOf(String(rowKey));
      if (i < 0 || !values) continue;
      const next = { ...this.rowList[i] };
      const before = changed.length;
      for (const [key, value] of Object.entries(values)) {
        if (key === 'id' || !accept(key) || next[key] === value) continue;
        next[key] = value;
        changed.push([next.id, key]);
      }
      if (changed.length > before) this.rowList = [...this.rowList.slice(0, i), next, ...this.rowList.slice(i + 1)];
    }
    if (!changed.length) return changed;
    for (const [id, key] of changed) {
      const col = this.columns.find((c) => c.key === key);
      const row = this.row(id);
      if (col && row) this.setError(id, key, checkCellSync(col, row, this.rowList));
    }
    if (this.reloadEffect) this.effects.mark(changed.filter(([, key]) => this.columns.some((c) => c.key === key)));
    this.emit();
    return changed;
  }

  /** True while a cell shows the reload effect (spec 9: 1400 ms after {@link setValues} / a pushed row changed it). */
  isReloading(id: string, key: string): boolean {
    return this.effects.isActive(id, key);
  }

  /** The row with an id, or undefined. */
  row(id: string): EditableRow | undefined {
    return this.rowList.find((r) => r.id === id);
  }

  /** Index of a row id, -1 when missing. */
  indexOf(id: string): number {
    return this.rowList.findIndex((r) => r.id === id);
  }

  /** The default values of a new row (column defaultValue; checkbox defaultChecked → first customValue). */
  defaultRow(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const c of this.columns) {
      if (c.defaultValue !== undefined) out[c.key] = c.defaultValue;
      else if (c.defaultChecked && c.customValue?.length) out[c.key] = c.customValue[0];
    }
    return out;
  }

  /**
   * The insert guard (spec 5.4): true when an insert may run now (and records it), false within
   * the guard interval of the previous one — the caller then warns {@link EDITABLE_TABLE_TEXT.tooFast}.
   */
  tryInsert(): boolean {
    const t = this.now();
    if (t - this.lastInsert < this.guardMs) return false;
    this.lastInsert = t;
    return true;
  }

  /**
   * Adds rows (spec 5.4 add-row settings): `count` at least 1 (a smaller or non-integer count
   * is 1); `position` 0 appends, n puts the first new row at index n − 1, clamped to the row
   * count. New rows get temp ids, the default values, then `values`. Returns the new rows.
   */
  addRows(opts: AddRowsOptions = {}): EditableRow[] {
    const count = Number.isInteger(opts.count) && (opts.count as number) >= 1 ? (opts.count as number) : 1;
    const pos = Number.isInteger(opts.position) && (opts.position as number) > 0 ? (opts.position as number) : 0;
    const index = pos === 0 ? this.rowList.length : Math.min(pos - 1, this.rowList.length);
    const added: EditableRow[] = [];
    for (let i = 0; i < count; i++) {
      const vals = Array.isArray(opts.values) ? opts.values[i] : opts.values;
      added.push({ ...this.defaultRow(), ...(vals ?? {}), id: newTempId() });
    }
    this.rowList = [...this.rowList.slice(0, index), ...added, ...this.rowList.slice(index)];
    this.renumber();
    this.emit();
    return added;
  }

  /** Inserts `count` new rows right below the row `id` (at the bottom when it is missing). */
  insertBelow(id: string, count = 1): EditableRow[] {
    const i = this.indexOf(id);
    return this.addRows({ count, position: i < 0 ? 0 : i + 2 });
  }

  /**
   * Removes rows by id: a saved id goes to the delete list, a temp id does not (spec 4.4).
   * Returns the ids removed.
   */
  removeRows(ids: readonly string[]): string[] {
    const drop = new Set(ids);
    const removed: string[] = [];
    this.rowList = this.rowList.filter((r) => {
      if (!drop.has(r.id)) return true;
      removed.push(r.id);
      if (!isTempId(r.id) && !this.deleted.includes(r.id)) this.deleted.push(r.id);
      this.selected.delete(r.id);
      for (const c of this.columns) this.errorMap.delete(cellKey(r.id, c.key));
      return false;
    });
    if (removed.length) {
      this.renumber();
      this.emit();
    }
    return removed;
  }

  /** Removes the selected rows (toolbar 删除). */
  removeSelected(): string[] {
    return this.removeRows([...this.selected]);
  }

  /** Saved ids removed since the last load (what the save sends for deletion). */
  get deleteIds(): readonly string[] {
    return this.deleted;
  }

  /** Spec 4.4: up is disabled at the first row. */
  canMoveUp(id: string): boolean {
    return this.indexOf(id) > 0;
  }

  /** Spec 4.4: down is disabled at the last row. */
  canMoveDown(id: string): boolean {
    const i = this.indexOf(id);
    return i >= 0 && i < this.rowList.length - 1;
  }

  /** Moves a row one up; false at the first row. */
  moveUp(id: string): boolean {
    const i = this.indexOf(id);
    return i > 0 ? this.move(i, i - 1) : false;
  }

  /** Moves a row one down; false at the last row. */
  moveDown(id: string): boolean {
    const i = this.indexOf(id);
    return i >= 0 && i < this.rowList.length - 1 ? this.move(i, i + 1) : false;
  }

  /** Drag sort: moves the row at `from` to index `to` and writes dragSortKey 1…n. */
  move(from: number, to: number): boolean {
    const n = this.rowList.length;
    if (from < 0 || from >= n || to < 0 || to >= n || from === to) return false;
    const next = [...this.rowList];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    this.rowList = next;
    this.renumber(true);
    this.emit();
    return true;
  }

  /** Writes dragSortKey = position (1-based) on every row, when drag sort is on (or forced by a move). */
  private renumber(force = false): void {
    if (!this.dragSort && !force) return;
    const key = this.dragSortKey;
    this.rowList = this.rowList.map((r, i) => (r[key] === i + 1 ? r : { ...r, [key]: i + 1 }));
  }

  /** True when a row matches disabledRows (cannot be selected or edited). */
  isRowDisabled(row: EditableRow): boolean {
    const d = this.disabledRows;
    if (!d) return false;
    for (const [k, v] of Object.entries(d)) {
      const vals = Array.isArray(v) ? v : [v];
      if (vals.some((x) => x === row[k] || String(x) === String(row[k] ?? ''))) return true;
    }
    return false;
  }

  /** True when a cell cannot be edited: disabled column, disabled row, or a `normal` column. */
  isCellDisabled(row: EditableRow, key: string): boolean {
    const col = this.columns.find((c) => c.key === key);
    return !col || !!col.disabled || col.type === 'normal' || this.isRowDisabled(row);
  }

  /** Selects or unselects a row; a disabled row cannot be selected (spec 4.4). Returns the new state. */
  setSelected(id: string, on: boolean): boolean {
    const row = this.row(id);
    if (!row) return false;
    if (on && this.isRowDisabled(row)) return false;
    if (on) this.selected.add(id);
    else this.selected.delete(id);
    this.emit();
    return on;
  }

  /** Selects every selectable row. */
  selectAll(): void {
    for (const r of this.rowList) if (!this.isRowDisabled(r)) this.selected.add(r.id);
    this.emit();
  }

  /** Toolbar 清空选择. */
  clearSelection(): void {
    this.selected.clear();
    this.emit();
  }

  /** The selected ids in row order. */
  get selectedIds(): string[] {
    return this.rowList.filter((r) => this.selected.has(r.id)).map((r) => r.id);
  }

  /**
   * Sets a cell's value and validates it (spec 5.4: on input, change and blur): the sync rules
   * at once, a unique column's other cells again (a duplicate may have gone), then the handlers
   * asynchronously. Returns the sync message or null; the promise of the async result is `pending`.
   */
  setCell(id: string, key: string, value: unknown, trigger: ValidateTrigger = 'change'): string | null {
    const i = this.indexOf(id);
    if (i < 0) return null;
    const before = this.rowList[i];
    const updated: EditableRow = { ...before, [key]: value, ...linkageClearPatch(this.columns, key, before, before[key], value) };
    // derived columns follow the row (computed fields of a sub screen)
    for (const c of this.columns) if (c.compute && c.key !== key) updated[c.key] = c.compute(updated);
    this.rowList = [...this.rowList.slice(0, i), updated, ...this.rowList.slice(i + 1)];
    const col = this.columns.find((c) => c.key === key);
    let msg: string | null = null;
    if (col) {
      const counts = hasUniqueRule(col) ? countValues(this.rowList, key) : undefined;
      if (counts) for (const r of this.rowList) this.setError(r.id, key, checkCellSync(col, r, this.rowList, counts));
      else this.setError(id, key, checkCellSync(col, updated, this.rowList));
      msg = this.errorMap.get(cellKey(id, key)) ?? null;
      if (!msg && hasHandler(col)) this.pending = this.validateCellAsync(id, key, trigger);
    }
    this.emit();
    return msg;
  }

  /**
   * The sync message a value would get in a cell, without storing it (validation "on input"
   * while an editor is open; the value is stored when the edit commits).
   */
  previewCell(id: string, key: string, value: unknown): string | null {
    const i = this.indexOf(id);
    const col = this.columns.find((c) => c.key === key);
    if (i < 0 || !col) return null;
    const rows = [...this.rowList];
    rows[i] = { ...rows[i], [key]: value };
    return checkCellSync(col, rows[i], rows);
  }

  /** The latest async validation started by {@link setCell} (tests and the grid await it). */
  pending: Promise<string | null> = Promise.resolve(null);

  /** Validates one cell with every rule incl. handlers; stores and resolves its message. */
  async validateCellAsync(id: string, key: string, trigger: ValidateTrigger = 'blur'): Promise<string | null> {
    const col = this.columns.find((c) => c.key === key);
    const row = this.row(id);
    if (!col || !row) return null;
    const ck = cellKey(id, key);
    this.validating.add(ck);
    this.emit();
    const msg = await validateCell(col, row, this.rowList, trigger);
    this.validating.delete(ck);
    if (this.row(id) === row) this.setError(id, key, msg);
    this.emit();
    return msg;
  }

  private setError(id: string, key: string, msg: string | null): void {
    if (msg) this.errorMap.set(cellKey(id, key), msg);
    else this.errorMap.delete(cellKey(id, key));
  }

  /** True while a cell's async rule (a handler) runs: the grid shows it as pending. */
  isValidating(id: string, key: string): boolean {
    return this.validating.has(cellKey(id, key));
  }

  /** A cell's current message, or undefined. */
  errorOf(id: string, key: string): string | undefined {
    return this.errorMap.get(cellKey(id, key));
  }

  /** Every current error. */
  get errors(): CellError[] {
    return [...this.errorMap.entries()].map(([k, message]) => {
      const [rowId, key] = splitCellKey(k);
      return { rowId, key, message };
    });
  }

  /**
   * Validates every cell synchronously (no handlers): stores and returns the errors, row order.
   * One counting pass per unique column, so 10,000 rows × 12 columns stay well under a second.
   */
  validateAllSync(): CellError[] {
    this.errorMap.clear();
    const out: CellError[] = [];
    const ruled = this.columns.filter((c) => c.validateRules?.length);
    const counts = new Map<string, ValueCounts>();
    for (const c of ruled) if (hasUniqueRule(c)) counts.set(c.key, countValues(this.rowList, c.key));
    for (const r of this.rowList) {
      for (const c of ruled) {
        const msg = checkCellSync(c, r, this.rowList, counts.get(c.key));
        if (msg) {
          this.errorMap.set(cellKey(r.id, c.key), msg);
          out.push({ rowId: r.id, key: c.key, message: msg });
        }
      }
    }
    this.emit();
    return out;
  }

  /** Validates every cell including async handlers; resolves the errors (empty when valid). */
  async validateAll(): Promise<CellError[]> {
    const errors = this.validateAllSync();
    const failed = new Set(errors.map((e) => cellKey(e.rowId, e.key)));
    const handled = this.columns.filter(hasHandler);
    if (handled.length) {
      const jobs: Array<Promise<void>> = [];
      for (const r of this.rowList) {
        for (const c of handled) {
          if (failed.has(cellKey(r.id, c.key))) continue;
          jobs.push(
            validateCell(c, r, this.rowList, 'all').then((msg) => {
              if (msg) {
                this.errorMap.set(cellKey(r.id, c.key), msg);
                errors.push({ rowId: r.id, key: c.key, message: msg });
              }
            }),
          );
        }
      }
      await Promise.all(jobs);
      this.emit();
    }
    const order = new Map(this.rowList.map((r, i) => [r.id, i]));
    return errors.sort((a, b) => (order.get(a.rowId) ?? 0) - (order.get(b.rowId) ?? 0));
  }

  /**
   * Collects the values (spec 5.4): validates everything, rejects with a
   * {@link TableValidationError} on any failure, else resolves the rows (copies, temp ids kept
   * so the caller can tell new rows) and the delete list.
   */
  async getValues(): Promise<TableValues> {
    const errors = await this.validateAll();
    if (errors.length) throw new TableValidationError(errors);
    return { rows: this.rowList.map((r) => ({ ...r })), deleteIds: [...this.deleted] };
  }

  /** The statistics row (spec 9): each statistics column's exact sum and/or average (statistics.ts). */
  statistics(): StatisticsRow {
    return columnStatistics(this.columns, this.rowList);
  }

  /** True when any column has statistics (the grid then shows the 32 px statistics row). */
  get hasStatistics(): boolean {
    return this.columns.some((c) => !!c.statistics);
  }
}

const SEP = '\u0000';
function cellKey(id: string, key: string): string {
  return id + SEP + key;
}
function splitCellKey(k: string): [string, string] {
  const i = k.indexOf(SEP);
  return [k.slice(0, i), k.slice(i + 1)];
}
