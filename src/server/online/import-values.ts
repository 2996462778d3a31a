import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { DictService } from '../modules/dict/dict-service.js';
import { SWITCH_TEXT, switchOptions } from '../../shared/switch-options.js';
import { translationDict } from './dict-fields.js';
import { ENGINE_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** A dictionary with at most this many entries is listed in full in a refusal. */
const LIST_LIMIT = 30;
/** Widgets whose cell holds several comma-joined values. */
const MULTI_WIDGETS = new Set(['list_multi', 'checkbox', 'sel_multi_user']);

/** What an import cell of one field may hold: its stored values and the texts the list shows for them. */
interface FieldMap {
  field: ScreenField;
  column: string;
  multi: boolean;
  /** stored value (as text) → itself; shown text → the stored values it names (more than one = ambiguous) */
  byValue: Set<string>;
  byText: Map<string, Set<string>>;
  /** the refusal of a value that is neither */
  refuse(text: string): Promise<string>;
}

const cellText = (v: unknown) => (typeof v === 'boolean' ? v : v === null || v === undefined ? null : String(v).trim());

/**
 * Import cells back to stored values (api-contract §4.4; the reverse of the export and of the
 * list's display): a dictionary field takes its item text or its value, a user field the
 * user's name or username, a department field the department's name or org code (as the field
 * stores it: extend.store), a switch 是/否 or its own values (Y/N, or TRUE/FALSE cells).
 * Anything else is refused for that row with a message naming the field and listing the
 * allowed values (in full when the dictionary has at most 30 entries). A name two entries share
 * is refused as ambiguous. Built once per import from every row's cells.
 */
export class ImportValueMap {
  private constructor(private readonly maps: FieldMap[]) {}

  /** Reads what `fields` may hold for the cells of `bodies` (keyed by column). */
  static async build(db: Db, dicts: DictService, fields: readonly ScreenField[], bodies: readonly Row[]): Promise<ImportValueMap> {
    const maps: FieldMap[] = [];
    for (const field of fields) {
      const column = toColumn(field.name);
      const multi = MULTI_WIDGETS.has(field.widget) || field.extend?.multi === true;
      if (field.widget === 'switch') {
        maps.push(switchMap(field, column));
        continue;
      }
      const dictCode = translationDict(field);
      if (!dictCode) continue;
      const cells = new Set<string>();
      for (const b of bodies) {
        const t = cellText(b[column]);
        if (t === null || t === '' || typeof t === 'boolean') continue;
        for (const part of multi ? t.split(',') : [t]) if (part.trim()) cells.add(part.trim());
      }
      if (!cells.size) continue;
      maps.push(await dictMap(db, dicts, field, column, multi, dictCode, [...cells]));
    }
    return new ImportValueMap(maps);
  }

  /** Turns the texts of one row (keyed by column) into stored values in place; returns the refusals. */
  async apply(body: Row): Promise<string[]> {
    const problems: string[] = [];
    for (const m of this.maps) {
      const raw = cellText(body[m.column]);
      if (raw === null || raw === '') continue;
      if (typeof raw === 'boolean') {
        if (m.field.widget === 'switch') body[m.column] = switchOptions(m.field.extend)[raw ? 0 : 1];
        else problems.push(await m.refuse(String(raw)));
        continue;
      }
      const out: string[] = [];
      for (const part of (m.multi ? raw.split(',') : [raw]).map((p) => p.trim()).filter(Boolean)) {
        if (m.byValue.has(part)) out.push(part);
        else {
          const named = m.byText.get(part);
          if (named?.size === 1) out.push([...named][0]);
          else if (named && named.size > 1) problems.push(ENGINE_TEXT.importAmbiguous(m.field.title, part));
          else problems.push(await m.refuse(part));
        }
      }
      body[m.column] = out.join(',');
    }
    return problems;
  }
}

/** A switch: its on/off values and 是/否. */
function switchMap(field: ScreenField, column: string): FieldMap {
  const [on, off] = switchOptions(field.extend);
  const byText = new Map([
    [SWITCH_TEXT.yes, new Set([on])],
    [SWITCH_TEXT.no, new Set([off])],
  ]);
  return {
    field,
    column,
    multi: false,
    byValue: new Set([on, off]),
    byText,
    refuse: async (text) => ENGINE_TEXT.importNotAllowed(field.title, text, [SWITCH_TEXT.yes, SWITCH_TEXT.no, on, off]),
  };
}

/** A dictionary-backed field: the entries the cells name, by value or by text. */
async function dictMap(
  db: Db,
  dicts: DictService,
  field: ScreenField,
  column: string,
  multi: boolean,
  dictCode: string,
  cells: string[],
): Promise<FieldMap> {
  const byValue = new Set<string>();
  const byText = new Map<string, Set<string>>();
  const add = (value: string, text: string) => {
    byValue.add(value);
    byText.set(text, (byText.get(text) ?? new Set()).add(value));
  };
  if (!dictCode.includes(',')) {
    for (const i of await dicts.itemsOf(dictCode)) add(i.value, i.text);
  } else {
    const ref = dicts.tableRef(dictCode);
    for (let i = 0; i < cells.length; i += 1000) {
      const part = cells.slice(i, i + 1000);
      const rows = (
        await sql<{ value: string; text: string | null }>`select ${sql.ref(ref.code)}::text as value, ${sql.ref(ref.text)}::text as text
          from ${sql.table(ref.table)} where ${sql.ref(ref.text)}::text in (${sql.join(part)}) or ${sql.ref(ref.code)}::text in (${sql.join(part)})`.execute(
          db,
        )
      ).rows;
      for (const r of rows) add(r.value, r.text ?? '');
    }
  }
  let listed: string[] | null | undefined;
  const refuse = async (text: string) => {
    if (field.widget === 'sel_user' || field.widget === 'sel_multi_user') return ENGINE_TEXT.importUnknownUser(field.title, text);
    if (field.widget === 'sel_depart') return ENGINE_TEXT.importUnknownDepart(field.title, text);
    if (listed === undefined) {
      const all = await dicts.itemsOf(dictCode).catch(() => []);
      listed = all.length <= LIST_LIMIT ? all.map((i) => i.text) : null;
    }
    return listed ? ENGINE_TEXT.importNotAllowed(field.title, text, listed) : ENGINE_TEXT.importNotFound(field.title, text);
  };
  return { field, column, multi, byValue, byText, refuse };
}
