import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { persistedFields, toColumn } from '../../shared/columns.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import { BizError } from '../http/envelope.js';
import type { LoadedScreen } from './screen-registry.js';
import type { ScreenHookRegistry } from './screen-hooks.js';
import type { RecordService } from './record-service.js';
import { afterKey, buildConditions, orderKeys } from './filters.js';
import { ENGINE_TEXT } from './texts.js';
import { switchText } from '../../shared/switch-options.js';

type Row = Record<string, unknown>;

/** Rows read per keyset batch: small enough for steady memory, large enough for few round trips. */
export const EXPORT_BATCH = 1000;
/** Most selected ids one export takes (`selections`). */
const MAX_SELECTIONS = 10_000;

/** The fields a sheet shows: every stored field shown in the list or the form (hidden ids left out). */
export function sheetFields(loaded: LoadedScreen): ScreenField[] {
  return persistedFields(loaded.screen).filter((f) => f.showList !== false || f.showForm !== false);
}

const NUMERIC = new Set(['int', 'double', 'BigDecimal']);

/** Header of a main sheet's id column (master-detail exports; sub sheets refer to it). */
export const MAIN_ID_HEADER = 'ID';

/** Header of a sub sheet's column holding its main row's id. */
export function subLinkHeader(main: LoadedScreen): string {
  return `${main.screen.title}ID`;
}

/** The worksheet name of a title (Excel forbids \\ / ? * [ ] : and more than 31 characters). */
export function sheetName(title: string): string {
  return title.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet';
}

/** A cell value as the list shows it: the dictionary text when the row has one, 是/否 for a switch, numbers as numbers, else text. */
function cellOf(f: ScreenField, row: Row): unknown {
  const col = toColumn(f.name);
  const text = row[`${col}_dictText`];
  if (text !== undefined && text !== null) return String(text);
  const v = row[col];
  if (v === null || v === undefined) return null;
  if (f.widget === 'switch') return switchText(v, f);
  if (NUMERIC.has(f.dbType)) return Number(v);
  return String(v);
}

/** Where and how a sheet reads its rows. */
interface SheetSource {
  loaded: LoadedScreen;
  title: string;
  fields: ScreenField[];
  /** Extra columns before the fields (a sub sheet's link to its main row). */
  lead: { header: string; column: string }[];
  /** Extra columns after the fields (a main sheet's row id, which its sub sheets refer to). */
  tail: { header: string; column: string }[];
  conds: RawBuilder<unknown>[];
  keys: { columns: string[]; dir: 'asc' | 'desc' };
}

/**
 * Excel export of a screen (api-contract §4.1 exportXls, §7.2; spec 7.3): the rows the list
 * would show for `params` (filters, superQuery, sort, the user's list scope) or only the
 * `selections` ids, dictionary values as their texts, and for a main table one extra sheet per
 * sub table with the sub rows of the exported main rows. Rows are read in keyset batches of
 * {@link EXPORT_BATCH} (never one long cursor, so other requests keep being served) and
 * streamed through exceljs's streaming writer, waiting whenever the client reads slower than we
 * write, so memory stays flat however many rows there are. Conditions are checked before the
 * first byte (BizError answers as JSON); a failure later ends the download early.
 */
export class ExcelExporter {
  constructor(
    private readonly db: Db,
    private readonly records: RecordService,
    private readonly hooks: ScreenHookRegistry,
  ) {}

  /** Checks the request and returns the stream of the .xlsx; throws BizError on bad parameters. */
  async open(loaded: LoadedScreen, params: Row, user: SessionUser): Promise<PassThrough> {
    const conds = buildConditions(loaded, params);
    for (const h of this.hooks.of(loaded.screen.id)) if (h.listScope) conds.push(...(await h.listScope({ user, params })));
    const selections =
      typeof params.selections === 'string' ? params.selections : Array.isArray(params.selections) ? params.selections.join(',') : '';
    const ids = selections
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length > MAX_SELECTIONS) throw new BizError(ENGINE_TEXT.tooManySelections(MAX_SELECTIONS));
    if (ids.length) conds.push(sql`id in (${sql.join(ids)})`);
    const sheets: SheetSource[] = [
      {
        loaded,
        title: loaded.screen.title,
        fields: sheetFields(loaded),
        lead: [],
        tail: loaded.subs?.length ? [{ header: MAIN_ID_HEADER, column: 'id' }] : [],
        conds,
        keys: orderKeys(loaded, params.column, params.order),
      },
    ];
    const mainWhere = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    for (const { loaded: sub, link } of loaded.subs ?? []) {
      const fk = toColumn(link.foreignKey);
      sheets.push({
        loaded: sub,
        title: sub.screen.title,
        fields: sheetFields(sub).filter((f) => toColumn(f.name) !== fk),
        lead: [{ header: subLinkHeader(loaded), column: fk }],
        tail: [],
        conds: [sql`${sql.ref(fk)} in (select id from ${sql.table(loaded.screen.tableName)} ${mainWhere})`],
        keys: { columns: [fk, 'id'], dir: 'asc' },
      });
    }
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    void this.write(sheets, out, user).catch((err: Error) => out.destroy(err));
    return out;
  }

  private async write(sheets: SheetSource[], out: PassThrough, user: SessionUser): Promise<void> {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    wb.creator = user.username;
    const usedNames = new Set<string>();
    for (const s of sheets) {
      let name = sheetName(s.title);
      while (usedNames.has(name)) name = `${name.slice(0, 28)}_${usedNames.size}`;
      usedNames.add(name);
      const ws = wb.addWorksheet(name);
      ws.columns = [
        ...s.lead.map((l) => ({ header: l.header, key: l.column, width: 22 })),
        ...s.fields.map((f) => ({ header: f.title, key: f.name, width: Math.min(Math.max((f.width ?? 120) / 7, 12), 60) })),
        ...s.tail.map((l) => ({ header: l.header, key: `_${l.column}`, width: 22 })),
      ];
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      const cols = sql.join(s.loaded.columns.map((c) => sql.ref(c)));
      const order = sql.join(
        s.keys.columns.map((c) => sql`${sql.ref(c)} ${sql.raw(s.keys.dir)}`),
        sql`, `,
      );
      let last: Row | null = null;
      for (;;) {
        const where: RawBuilder<unknown>[] = [...s.conds, ...(last ? [afterKey(s.keys.columns, s.keys.dir, last)] : [])];
        const rows: Row[] = (
          await sql<Row>`select ${cols} from ${sql.table(s.loaded.screen.tableName)} ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
            order by ${order} limit ${EXPORT_BATCH}`.execute(this.db)
        ).rows;
        if (!rows.length) break;
        last = { ...rows[rows.length - 1] };
        await this.records.translate(s.loaded, rows);
        for (const h of this.hooks.of(s.loaded.screen.id)) if (h.decorate) await h.decorate(rows, user);
        for (const r of rows)
          ws.addRow([
            ...s.lead.map((l) => r[l.column] ?? null),
            ...s.fields.map((f) => cellOf(f, r)),
            ...s.tail.map((l) => r[l.column] ?? null),
          ]).commit();
        if (rows.length < EXPORT_BATCH) break;
        if (out.destroyed) return;
        if (out.writableNeedDrain) await drained(out);
        if (out.destroyed) return;
      }
      ws.commit();
    }
    await wb.commit();
  }
}

/** Resolves when `s` can take more data again (or is gone). */
function drained(s: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', done);
      resolve();
    };
    s.once('drain', done);
    s.once('close', done);
  });
}

/** Content-Disposition value for a download name (RFC 5987, so Chinese names survive). */
export function attachmentName(name: string): string {
  const file = name.toLowerCase().endsWith('.xlsx') ? name : `${name}.xlsx`;
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}`;
}
