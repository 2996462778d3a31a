/**
 * An Excel workbook (exceljs) as read-only tables for the file preview (spec 9): each worksheet's
 * cells as display texts, limited to {@link SHEET_PREVIEW_MAX_ROWS} rows and
 * {@link SHEET_PREVIEW_MAX_COLS} columns. Typed structurally, so the model never imports exceljs
 * (the viewer loads it lazily).
 */
import { SHEET_PREVIEW_MAX_COLS, SHEET_PREVIEW_MAX_ROWS } from './preview-model.js';

/** The part of an exceljs worksheet the preview reads. */
export interface SheetLike {
  name: string;
  rowCount: number;
  columnCount: number;
  getRow(n: number): { getCell(c: number): { value: unknown } };
}

/** One worksheet as texts: `rows[r][c]`, `columns` the letters A, B …; `truncated` when rows or columns were left out. */
export interface SheetTable {
  name: string;
  columns: string[];
  rows: string[][];
  truncated: boolean;
}

/** The column letters of 1-based column `n` (1 → A, 27 → AA). */
export function columnLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell's text: yyyy-MM-dd, with HH:mm:ss when it has a time (UTC, as exceljs reads dates). */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  return h || m || s ? `${day} ${pad(h)}:${pad(m)}:${pad(s)}` : day;
}

/**
 * The text of an exceljs cell value: numbers, strings and booleans as they are, dates as
 * yyyy-MM-dd[ HH:mm:ss], rich text joined, formulas by their result, hyperlinks by their text,
 * errors by their code; empty for nothing.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
  if ('error' in v) return String(v.error);
  if ('text' in v) return cellText(v.text);
  return '';
}

/** A worksheet as a {@link SheetTable}, trailing empty rows dropped. */
export function sheetTable(sheet: SheetLike, maxRows = SHEET_PREVIEW_MAX_ROWS, maxCols = SHEET_PREVIEW_MAX_COLS): SheetTable {
  const rowCount = Math.min(sheet.rowCount, maxRows);
  const colCount = Math.min(sheet.columnCount, maxCols);
  const rows: string[][] = [];
  for (let r = 1; r <= rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: colCount }, (_, c) => cellText(row.getCell(c + 1).value)));
  }
  while (rows.length && rows[rows.length - 1].every((t) => t === '')) rows.pop();
  return {
    name: sheet.name,
    columns: Array.from({ length: colCount }, (_, c) => columnLetters(c + 1)),
    rows,
    truncated: sheet.rowCount > maxRows || sheet.columnCount > maxCols,
  };
}
