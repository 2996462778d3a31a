import fs from 'node:fs';
import { tenantOf } from '../modules/tenant/tenant-scope.js';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { DictService } from '../modules/dict/dict-service.js';
import type { UploadStore } from '../modules/common/upload-store.js';
import { BizError } from '../http/envelope.js';
import type { LoadedScreen } from './screen-registry.js';
import type { RecordService } from './record-service.js';
import { ImportValueMap } from './import-values.js';
import { MAIN_ID_HEADER, sheetFields, sheetName, subLinkHeader } from './excel-export.js';
import { recordFileOwner } from '../modules/common/file-access.js';
import { ENGINE_TEXT } from './texts.js';
import { scanXlsx } from './xlsx-bounds.js';

type Row = Record<string, unknown>;

/** Default bounds of one import: data rows, and MB the workbook may expand to (config IMPORT_MAX_ROWS, IMPORT_MAX_UNZIPPED_MB). */
export const IMPORT_LIMITS = { maxRows: 50_000, maxUnzippedMb: 100 };

/** Most files of one import request (below the multipart plugin's 10 parts, so the answer is ours). */
export const IMPORT_MAX_FILES = 5;

/** Title rows above a sheet's header (JeecgBoot's templates have two) and the header, allowed beyond the data rows. */
const HEADER_ROWS = 5;

/** An uploaded file: its name and bytes. */
export interface UploadedFile {
  name: string;
  data: Buffer;
}

/** The outcome of an import (api-contract §4.4). */
export interface ImportOutcome {
  totalCount: number;
  successCount: number;
  errorCount: number;
  /** Download path of the bad rows' workbook (`/sys/common/static/...`), when there are bad rows. */
  fileUrl?: string;
  fileName?: string;
}

interface ParsedRow {
  /** The file's name as uploaded (a repeated name gets ` (2)` … before its extension): in messages and the bad rows' workbook. */
  file: string;
  line: number;
  cells: unknown[];
  body: Row;
  /** Master-detail: the main row's id as written in the file (main sheet ID column, sub sheet link column). */
  key?: string;
  /** Cells that name no allowed value (import-values.ts): the row is refused with these. */
  problems?: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Text of an exceljs cell value (rich text, formulas, links and dates included); null when empty. */
function plain(v: ExcelJS.CellValue, f: ScreenField | undefined): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) {
    const d = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    if (f?.dbType === 'Datetime') return `${d} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
    if (f?.dbType === 'string' && f.widget === 'time') return `${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
    return d;
  }
  if (typeof v === 'number') return f && (f.dbType === 'string' || f.dbType === 'Text') ? String(v) : v;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return plain((v.result ?? null) as ExcelJS.CellValue, f);
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v as never);
}

/**
 * Reads one sheet: finds the header row (among the first five, the one naming the most fields —
 * exports have it first, JeecgBoot's have two title rows above it), then the non-empty data rows
 * with their cells, a body keyed by column, and the value under the first of `keyHeaders`
 * found. Null when no header names a field.
 */
function readSheet(
  ws: ExcelJS.Worksheet,
  file: string,
  fields: ScreenField[],
  keyHeaders: string[],
): { headers: string[]; rows: ParsedRow[] } | null {
  const byTitle = new Map<string, ScreenField>();
  for (const f of fields) {
    byTitle.set(f.title, f);
    byTitle.set(f.name, f);
    byTitle.set(toColumn(f.name), f);
  }
  const clean = (v: ExcelJS.CellValue) => String(plain(v, undefined) ?? '').replace(/\s|\*/g, '');
  let headerAt = 0;
  let map = new Map<number, ScreenField>();
  for (let r = 1; r <= Math.min(ws.rowCount, 5); r++) {
    const found = new Map<number, ScreenField>();
    ws.getRow(r).eachCell((cell, col) => {
      const f = byTitle.get(clean(cell.value));
      if (f && ![...found.values()].includes(f)) found.set(col, f);
    });
    if (found.size > map.size) {
      map = found;
      headerAt = r;
    }
  }
  if (!map.size) return null;
  const headers: string[] = [];
  let keyCol = 0;
  ws.getRow(headerAt).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = String(plain(cell.value, undefined) ?? '');
    if (!keyCol && keyHeaders.includes(clean(cell.value))) keyCol = col;
  });
  const rows: ParsedRow[] = [];
  // only the rows the file holds (a lone row numbered 1048576 does not make a million empty ones)
  ws.eachRow((row, r) => {
    if (r <= headerAt) return;
    const body: Row = {};
    const cells: unknown[] = [];
    let any = false;
    for (let c = 1; c <= headers.length; c++) {
      const f = map.get(c);
      const v = plain(row.getCell(c).value, f);
      cells.push(v);
      if (v !== null && c !== keyCol) any = true;
      if (f) body[toColumn(f.name)] = v;
    }
    const key = keyCol ? plain(row.getCell(keyCol).value, undefined) : null;
    if (any) rows.push({ file, line: r, cells, body, ...(key !== null ? { key: String(key) } : {}) });
  });
  return { headers, rows };
}

/**
 * Excel import of a screen (api-contract §4.4, §7.2 importXls; spec 5.6, 7.3). Takes .xlsx
 * files (an old .xls or any other file is refused with a clear message: the only SheetJS build
 * on npm has known vulnerabilities); finds the header row by the field titles; turns the texts
 * the export writes back into values and refuses a row naming none (import-values.ts); validates each row exactly like form input (RecordService.prepareNew)
 * plus unique fields within the file and against the table. A main table's file may carry its
 * sub tables as further sheets (as the export writes them: the main sheet's ID column, each sub
 * sheet named by the sub table's title with a `{main title}ID` column); each main row goes in
 * with its sub rows or not at all. Several files (spec 5.6 "several allowed") are one import:
 * one budget of rows and unzipped bytes, unique values checked across them, and all their good
 * rows in one transaction (a write refused there writes nothing of any file); bad rows come back
 * as one workbook of those rows with their file, row number and reason (code 201). A broken or
 * foreign file refuses the whole import and writes nothing.
 */
export class ExcelImporter {
  constructor(
    private readonly db: Db,
    private readonly records: RecordService,
    private readonly dicts: DictService,
    private readonly store: UploadStore,
    private readonly limits = IMPORT_LIMITS,
  ) {}

  /**
   * Imports the files (one or several, as one import) into `loaded`'s table; throws BizError for
   * no file or more than IMPORT_MAX_FILES, for an unusable file (nothing written), and for
   * workbooks past the bounds together (rows, unzipped MB).
   */
  async run(loaded: LoadedScreen, files: UploadedFile[], user: SessionUser, disabled: Set<string>): Promise<ImportOutcome> {
    if (!files.length) throw new BizError(ENGINE_TEXT.importNoFile);
    if (files.length > IMPORT_MAX_FILES) throw new BizError(ENGINE_TEXT.importTooManyFiles(IMPORT_MAX_FILES));
    const maxRows = this.limits.maxRows;
    const fields = sheetFields(loaded).filter((f) => !f.readOnly);
    const parsed: ParsedRow[] = [];
    const subRows = new Map<string, ParsedRow[]>();
    const headers = new Map<string, string[]>();
    const budget = { bytes: this.limits.maxUnzippedMb * 1024 * 1024, rows: maxRows, several: files.length > 1 };
    for (const [i, upload] of files.entries()) {
      const seenBefore = files.slice(0, i).filter((f) => f.name === upload.name).length;
      const file = seenBefore ? { ...upload, name: upload.name.replace(/(\.[^.]*)?$/, ` (${seenBefore + 1})$1`) } : upload;
      budget.rows = maxRows - parsed.length - [...subRows.values()].reduce((n, r) => n + r.length, 0);
      const wb = await this.open(file, budget);
      const sheet = readSheet(wb.worksheets[0], file.name, fields, loaded.subs?.length ? [MAIN_ID_HEADER] : []);
      if (!sheet) throw new BizError(ENGINE_TEXT.importNoHeader(file.name, loaded.screen.title));
      if (!sheet.rows.length) throw new BizError(ENGINE_TEXT.importEmpty(file.name));
      headers.set(file.name, sheet.headers);
      parsed.push(...sheet.rows);
      // master-detail: each sub table's sheet, its rows linked to the main rows by the main sheet's ID column
      for (const { loaded: sub, link } of loaded.subs ?? []) {
        const ws = wb.getWorksheet(sheetName(sub.screen.title));
        const subFields = sheetFields(sub).filter((f) => !f.readOnly && f.name !== link.foreignKey);
        const rows = ws ? (readSheet(ws, file.name, subFields, [subLinkHeader(loaded)])?.rows ?? []) : [];
        subRows.set(sub.screen.id, [...(subRows.get(sub.screen.id) ?? []), ...rows]);
      }
      const total = parsed.length + [...subRows.values()].reduce((n, r) => n + r.length, 0);
      if (total > maxRows) throw new BizError(ENGINE_TEXT.importTooMany(maxRows));
    }
    // texts as the export writes them and the list shows them → stored values; anything else refuses its row
    const mapping = await ImportValueMap.build(
      this.db,
      this.dicts,
      fields,
      parsed.map((p) => p.body),
    );
    for (const p of parsed) p.problems = await mapping.apply(p.body);
    for (const { loaded: sub } of loaded.subs ?? []) {
      const rows = subRows.get(sub.screen.id) ?? [];
      const subMap = await ImportValueMap.build(
        this.db,
        this.dicts,
        sheetFields(sub),
        rows.map((r) => r.body),
      );
      for (const r of rows) r.problems = await subMap.apply(r.body);
    }
    const good: { row: Row; body: Row; source: ParsedRow }[] = [];
    const bad: { row: ParsedRow; reason: string }[] = [];
    /** Per unique field: value → the file it was first read from. */
    const seen = new Map<string, Map<string, string>>();
    const hooks = this.records.hooksOf(loaded);
    for (const p of parsed) {
      try {
        if (p.problems?.length) throw new BizError(p.problems.join('；'));
        const { row } = this.records.prepareNew(loaded, p.body, user, disabled);
        for (const h of hooks) await h.importRow?.({ db: this.db, user, body: p.body, row });
        for (const f of loaded.screen.fields) {
          const v = row[toColumn(f.name)];
          if (!f.unique || v === null || v === undefined || v === '') continue;
          const firstIn = seen.get(f.name) ?? new Map<string, string>();
          const other = firstIn.get(String(v));
          if (other === p.file) throw new BizError(ENGINE_TEXT.importDuplicateInFile(f.title, String(v)));
          if (other !== undefined) throw new BizError(ENGINE_TEXT.importDuplicateInOtherFile(f.title, String(v), other));
          firstIn.set(String(v), p.file);
          seen.set(f.name, firstIn);
        }
        good.push({ row, body: p.body, source: p });
      } catch (e) {
        if (!(e instanceof BizError)) throw e;
        bad.push({ row: p, reason: e.message });
      }
    }
    await this.dropExisting(loaded, good, bad);
    const subsToWrite = this.linkSubRows(loaded, good, bad, parsed, subRows, user);
    const order = [...headers.keys()];
    bad.sort((a, b) => (a.row.file === b.row.file ? a.row.line - b.row.line : order.indexOf(a.row.file) - order.indexOf(b.row.file)));
    const successCount = await this.records.insertPrepared(loaded, good, user, async (trx) => {
      const written: string[] = [];
      for (const [table, rows] of subsToWrite) {
        for (let i = 0; i < rows.length; i += 500)
          await trx
            .insertInto(table as never)
            .values(rows.slice(i, i + 500) as never)
            .execute();
        if (rows.length) written.push(table);
      }
      return written;
    });
    const outcome: ImportOutcome = { totalCount: parsed.length, successCount, errorCount: bad.length };
    if (bad.length) Object.assign(outcome, await this.errorFile(loaded, headers, bad, user));
    return outcome;
  }

  /**
   * Opens one uploaded workbook within what is left of the import's `budget` (unzipped bytes, data
   * rows; the bytes it expands to are taken from the budget); BizError for a wrong type, a broken
   * file or a file past the budget.
   */
  private async open(file: UploadedFile, budget: { bytes: number; rows: number; several: boolean }): Promise<ExcelJS.Workbook> {
    const ext = path.extname(file.name).toLowerCase();
    if (ext === '.xls') throw new BizError(ENGINE_TEXT.importXlsUnsupported(file.name));
    if (ext !== '.xlsx') throw new BizError(ENGINE_TEXT.importBadType(file.name));
    // bounded before exceljs holds it: the unzipped size and the rows, counted while inflating
    const { maxRows, maxUnzippedMb } = this.limits;
    const tally = { bytes: 0, rows: 0 };
    const verdict = await scanXlsx(file.data, { maxBytes: budget.bytes, maxRows: budget.rows + HEADER_ROWS * 8 }, tally);
    if (verdict === 'broken') throw new BizError(ENGINE_TEXT.importBroken(file.name));
    if (verdict === 'tooLarge')
      throw new BizError(
        budget.several ? ENGINE_TEXT.importTooLargeTogether(maxUnzippedMb) : ENGINE_TEXT.importTooLarge(file.name, maxUnzippedMb),
      );
    if (verdict === 'tooManyRows') throw new BizError(ENGINE_TEXT.importTooMany(maxRows));
    budget.bytes -= tally.bytes;
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(file.data as unknown as ArrayBuffer);
    } catch {
      throw new BizError(ENGINE_TEXT.importBroken(file.name));
    }
    if (!wb.worksheets[0]) throw new BizError(ENGINE_TEXT.importBroken(file.name));
    return wb;
  }

  /**
   * Master-detail import: validates the sub rows of each good main row like form input (with the
   * new main id as foreign key); a failing sub row moves its main row to the bad rows
   * (`{子表}第N行：…`). Sub rows whose main row is missing are bad rows of their own. Returns the
   * sub rows to insert per table.
   */
  private linkSubRows(
    loaded: LoadedScreen,
    good: { row: Row; body: Row; source: ParsedRow }[],
    bad: { row: ParsedRow; reason: string }[],
    parsed: ParsedRow[],
    subRows: Map<string, ParsedRow[]>,
    user: SessionUser,
  ): Map<string, Row[]> {
    const out = new Map<string, Row[]>();
    if (!loaded.subs?.length) return out;
    const keyOf = (r: ParsedRow) => `${r.file}\u0000${r.key ?? ''}`;
    const known = new Set(parsed.filter((p) => p.key).map(keyOf));
    const byMain = new Map<string, { sub: LoadedScreen; fk: string; row: ParsedRow }[]>();
    for (const { loaded: sub, link } of loaded.subs) {
      for (const r of subRows.get(sub.screen.id) ?? []) {
        if (!r.key || !known.has(keyOf(r))) {
          bad.push({
            row: { ...r, cells: [] },
            reason: ENGINE_TEXT.subRowProblem(sub.screen.title, r.line, ENGINE_TEXT.importOrphan(loaded.screen.title)),
          });
          continue;
        }
        const list = byMain.get(keyOf(r)) ?? [];
        list.push({ sub, fk: toColumn(link.foreignKey), row: r });
        byMain.set(keyOf(r), list);
      }
    }
    for (let i = good.length - 1; i >= 0; i--) {
      const g = good[i];
      const prepared: { table: string; row: Row }[] = [];
      try {
        for (const { sub, fk, row } of byMain.get(keyOf(g.source)) ?? []) {
          try {
            if (row.problems?.length) throw new BizError(row.problems.join('；'));
            const subRow = this.records.prepareNew(sub, { ...row.body, [fk]: g.row.id }, user).row;
            // an imported sub row carries its main row's tenant, as one saved through the form
            if (sub.screen.tableSource !== 'migration') subRow.tenant_id = tenantOf(user);
            prepared.push({ table: sub.screen.tableName, row: subRow });
          } catch (e) {
            if (e instanceof BizError) throw new BizError(ENGINE_TEXT.subRowProblem(sub.screen.title, row.line, e.message));
            throw e;
          }
        }
      } catch (e) {
        if (!(e instanceof BizError)) throw e;
        bad.push({ row: g.source, reason: e.message });
        good.splice(i, 1);
        continue;
      }
      for (const p of prepared) out.set(p.table, [...(out.get(p.table) ?? []), p.row]);
    }
    return out;
  }

  /** Moves rows whose unique values already exist in the table to the bad rows. */
  private async dropExisting(loaded: LoadedScreen, good: { row: Row; source: ParsedRow }[], bad: { row: ParsedRow; reason: string }[]) {
    for (const f of loaded.screen.fields) {
      if (!f.unique) continue;
      const col = toColumn(f.name);
      const values = [...new Set(good.map((g) => g.row[col]).filter((v) => v !== null && v !== undefined && v !== ''))];
      const taken = new Set<string>();
      for (let i = 0; i < values.length; i += 1000) {
        const rows = (
          await sql<{
            v: unknown;
          }>`select ${sql.ref(col)} as v from ${sql.table(loaded.screen.tableName)} where ${sql.ref(col)} in (${sql.join(values.slice(i, i + 1000))})`.execute(
            this.db,
          )
        ).rows;
        for (const r of rows) taken.add(String(r.v));
      }
      if (!taken.size) continue;
      for (let i = good.length - 1; i >= 0; i--) {
        const v = good[i].row[col];
        if (v === null || v === undefined || !taken.has(String(v))) continue;
        bad.push({ row: good[i].source, reason: ENGINE_TEXT.importDuplicate(f.title, String(v)) });
        good.splice(i, 1);
      }
    }
  }

  /**
   * Writes the bad rows with their reasons to an .xlsx under the upload root; returns its download
   * path. `headers`: each file's header row. Several files: a 文件 column first, and the columns of
   * all files (by header text, in the order first seen).
   */
  private async errorFile(
    loaded: LoadedScreen,
    headers: Map<string, string[]>,
    bad: { row: ParsedRow; reason: string }[],
    user: SessionUser,
  ) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(loaded.screen.title.slice(0, 31));
    const several = headers.size > 1;
    const columns = several ? [...new Set([...headers.values()].flat())] : ([...headers.values()][0] ?? []);
    const lead = several ? [ENGINE_TEXT.importFileColumn, ENGINE_TEXT.importRowColumn] : [ENGINE_TEXT.importRowColumn];
    ws.addRow([...lead, ...columns, ENGINE_TEXT.importErrorColumn]).font = { bold: true };
    for (const b of bad) {
      const own = headers.get(b.row.file) ?? [];
      const cells = columns.map((h, c) =>
        several ? (own.includes(h) ? (b.row.cells[own.indexOf(h)] ?? null) : null) : (b.row.cells[c] ?? null),
      );
      ws.addRow([...(several ? [b.row.file] : []), b.row.line, ...cells, b.reason]);
    }
    const fileName = `${loaded.screen.title}_错误数据.xlsx`;
    const rel = this.store.plan(fileName, 'import_error');
    const abs = this.store.resolve(rel) as string;
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    await wb.xlsx.writeFile(abs);
    // only the importer reads it (the file key of their session)
    await recordFileOwner(this.db, rel, user.id);
    return { fileUrl: `/sys/common/static/${rel}`, fileName };
  }
}
