/**
 * Types and small helpers of the editable-table model (model.ts): temp ids of new rows, the
 * model's options, cell errors, collected values and the add-row options (spec 3, 4.4, 5.4, 9).
 */
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import type { EditableColumn, EditableRow } from './columns.js';
import type { LinkedOptionsLoader } from './linkage.js';

/** The suffix that marks a new row's temporary id (spec 3 "Table row"). */
export const TEMP_ID_SUFFIX = '_temp';
/** Spec 3: the default order column. */
export const DEFAULT_DRAG_SORT_KEY = 'orderNum';
/** Spec 5.4 / 9: rapid inserts within this many ms warn. */
export const INSERT_GUARD_MS = 1500;

let tempSeq = 0;
/** A new temporary row id (unique in this page; ends with {@link TEMP_ID_SUFFIX}). */
export function newTempId(): string {
  tempSeq += 1;
  return `${Date.now().toString(36)}${tempSeq.toString(36)}${Math.random().toString(36).slice(2, 6)}${TEMP_ID_SUFFIX}`;
}

/** True for a temp id (a row not saved yet). */
export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && id.endsWith(TEMP_ID_SUFFIX);
}

/** Rows whose column value matches cannot be selected or edited: `{ status: ['2', '3'] }`. */
export type DisabledRows = Record<string, unknown | unknown[]>;

/** Options of a model. */
export interface EditableTableOptions {
  columns: EditableColumn[];
  rows?: Array<Record<string, unknown>>;
  /** The order column written by drag sort / move (default orderNum). */
  dragSortKey?: string;
  /** Whether rows can be reordered at all (writes dragSortKey). */
  dragSort?: boolean;
  disabledRows?: DisabledRows;
  /** Insert guard interval (default 1500 ms). */
  insertGuardMs?: number;
  /** Clock (tests). */
  now?: () => number;
  /** Options of linked child columns per parent value (linkage.ts; default: options' `parent`). */
  loadLinkedOptions?: LinkedOptionsLoader;
  /** Spec 9: cells changed by setValues or a pushed row show the 1400 ms reload effect (default off). */
  reloadEffect?: boolean;
}

/** One failing cell. */
export interface CellError {
  rowId: string;
  key: string;
  message: string;
}

/** What value collection resolves: the rows, the saved ids deleted, and the errors (empty). */
export interface TableValues {
  rows: EditableRow[];
  deleteIds: string[];
}

/** The rejection of {@link EditableTableModel.getValues}. */
export class TableValidationError extends Error {
  constructor(public readonly errors: CellError[]) {
    super(T.invalidRows(errors.length));
    this.name = 'TableValidationError';
  }
}

/** Add-row settings (spec 5.4): count ≥ 1; position 0 … rowCount, 0 means the bottom. */
export interface AddRowsOptions {
  count?: number;
  /** 0 (default) appends; n ≥ 1 puts the first new row at index n − 1 … clamped to the row count. */
  position?: number;
  /** Values for the new rows (one object for all, or one per row). */
  values?: Record<string, unknown> | Array<Record<string, unknown>>;
}

/** Listener of any change (rows, errors, selection). */
export type ModelListener = () => void;
