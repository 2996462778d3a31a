import { sql, type RawBuilder } from 'kysely';
import { likeContains } from '../../http/list-query.js';
import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';
import type { ReadScope } from '../../online/read-scope.js';
import { SYSTEM_DICT_TABLES, isAllowedTableDict, parseTableDict, type TableDictRef } from './table-dict.js';

/** A dictionary option on the wire (api-contract §5.5 DictModel). */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

const model = (value: unknown, text: unknown): DictModel => {
  const t = text === null || text === undefined ? '' : String(text);
  return { value: value === null || value === undefined ? '' : String(value), text: t, title: t, label: t };
};

const TABLE_DICT_LIMIT = 5000;
/** Values remembered per table dictionary before its text cache starts over. */
const ROW_TEXTS_MAX = 20_000;
/** Names of users and departments change rarely; list pages translate them from memory. */
const SYSTEM_MAP_TTL_MS = 60_000;
/** PostgreSQL: a write's names drop again this long after it (ms), past its transaction's commit. */
const NAMES_REDROP_MS = 1_000;

/**
 * Dictionaries: plain codes from sys_dict/sys_dict_item (cached in memory until `reload`), and
 * table dictionaries `table,text,code` read from checked tables with bound values.
 */
export class DictService {
  private items: Map<string, { value: string; text: string; status: number }[]> | null = null;
  /** Whole value → text maps of system-table dictionaries (users, departments …), by code. */
  private systemMaps = new Map<string, { at: number; table: string; map: Promise<Map<string, string>> }>();
  /**
   * Texts of table dictionaries on screen tables, by dictCode: value → text (null: no such row),
   * dropped whenever their table is written ({@link rowsWritten}). Only kept where a write
   * transaction holds the database exclusively (the embedded database), so no read can see the
   * rows of before a commit after the write dropped them.
   */
  private rowTexts = new Map<string, { table: string; texts: Map<string, string | null> }>();
  /** Writes seen per table: a read that started before a write never fills the cache after it. */
  private writes = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly screenColumns: (table: string) => readonly string[] | undefined,
    /** Whether table dictionary texts of screen tables may be cached (see `rowTexts`). */
    private readonly cacheRowTexts = false,
  ) {}

  /**
   * Rows of `tables` were written (any statement, committed or not): their cached dictionary
   * texts drop. The cache lives only on the embedded database, one process: nothing to announce.
   */
  rowsWritten(tables: Iterable<string>): void {
    if (!this.cacheRowTexts) return;
    const screenTables = [...tables].filter((t) => this.screenColumns(t) !== undefined);
    if (!screenTables.length) return;
    for (const t of screenTables) this.writes.set(t, (this.writes.get(t) ?? 0) + 1);
    for (const [code, entry] of this.rowTexts) if (screenTables.includes(entry.table)) this.rowTexts.delete(code);
  }

  /** Called by `reload()` after the local drop: tells the other server processes (cluster bus). */
  onReload?: () => void;

  /** Called by {@link namesWritten} after the local drop: tells the other server processes (cluster bus). */
  onNamesChanged?: (tables: string[]) => void;

  /**
   * Rows of `tables` were written (any statement, committed or not): the cached names of those
   * that are system dictionaries (users, departments, roles …, SYSTEM_DICT_TABLES) drop here and
   * in every other process, so a renamed or deleted user shows at once in every list. On
   * PostgreSQL they drop here once more a second later: a read between the write and its commit
   * may have cached the old names meanwhile (the bus redelivers to the other processes for that).
   */
  namesWritten(tables: Iterable<string>): void {
    const names = [...new Set(tables)].filter((t) => SYSTEM_DICT_TABLES[t]);
    if (!names.length) return;
    this.dropNamesLocal(names);
    this.onNamesChanged?.(names);
    if (!this.cacheRowTexts) setTimeout(() => this.dropNamesLocal(names), NAMES_REDROP_MS).unref();
  }

  /** Drops this process's cached names read from `tables` only (another process announced a write). */
  dropNamesLocal(tables: readonly string[]): void {
    for (const t of tables) this.writes.set(t, (this.writes.get(t) ?? 0) + 1);
    for (const [code, entry] of this.systemMaps) if (tables.includes(entry.table)) this.systemMaps.delete(code);
  }

  /** Drops the cache (after a dictionary edit or /sys/dict/refleshCache), here and in every other process. */
  reload(): void {
    this.reloadLocal();
    this.onReload?.();
  }

  /** Drops this process's cache only (another process announced a change). */
  reloadLocal(): void {
    this.items = null;
    this.systemMaps.clear();
    this.rowTexts.clear();
  }

  /** value → text of a whole system-table dictionary, cached for SYSTEM_MAP_TTL_MS. */
  private systemMap(ref: TableDictRef, dictCode: string): Promise<Map<string, string>> {
    const hit = this.systemMaps.get(dictCode);
    if (hit && Date.now() - hit.at < SYSTEM_MAP_TTL_MS) return hit.map;
    const writesBefore = this.writes.get(ref.table) ?? 0;
    const map = sql<{
      value: unknown;
      text: unknown;
    }>`select ${sql.ref(ref.code)}::text as value, ${sql.ref(ref.text)} as text from ${sql.table(ref.table)}`
      .execute(this.db)
      .then((r) => new Map(r.rows.map((row) => [String(row.value), row.text === null ? '' : String(row.text)])));
    const entry = { at: Date.now(), table: ref.table, map };
    this.systemMaps.set(dictCode, entry);
    // a read overtaken by a write of its table serves its caller but is not kept
    const forget = () => {
      if (this.systemMaps.get(dictCode) === entry) this.systemMaps.delete(dictCode);
    };
    map.then(() => {
      if ((this.writes.get(ref.table) ?? 0) !== writesBefore) forget();
    }, forget);
    return map;
  }

  private async plain(): Promise<Map<string, { value: string; text: string; status: number }[]>> {
    if (this.items) return this.items;
    const rows = await this.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text', 'i.status'])
      .where('d.del_flag', '=', 0)
      .orderBy('d.dict_code')
      .orderBy('i.sort_order')
      // equal sort values keep one order on every read (never the heap's)
      .orderBy('i.item_value')
      .orderBy('i.id')
      .execute();
    const map = new Map<string, { value: string; text: string; status: number }[]>();
    for (const r of rows) {
      const list = map.get(r.dict_code) ?? [];
      list.push({ value: r.item_value ?? '', text: r.item_text ?? '', status: r.status ?? 1 });
      map.set(r.dict_code, list);
    }
    this.items = map;
    return map;
  }

  /** All enabled items of every plain dictionary (login's sysAllDictItems). */
  async allEnabledItems(): Promise<Record<string, DictModel[]>> {
    const out: Record<string, DictModel[]> = {};
    for (const [code, list] of await this.plain()) out[code] = list.filter((i) => i.status === 1).map((i) => model(i.value, i.text));
    return out;
  }

  /** Checks a table dictionary code; throws BizError 字典Code格式不正确！ when not allowed. */
  tableRef(dictCode: string): TableDictRef {
    const ref = parseTableDict(dictCode);
    if (!ref || !isAllowedTableDict(ref, this.screenColumns)) throw new BizError('字典Code格式不正确！');
    return ref;
  }

  /**
   * The conditions of a table dictionary's reads: its fixed condition and the read gate's row
   * conditions (online/read-scope.ts: tenant, data rules, live rows).
   */
  private scopeOf(ref: TableDictRef, scope: ReadScope | undefined): RawBuilder<unknown>[] {
    // a programming error, never a user's: a table read without the read gate's scope for that table
    if (!scope || scope.table !== ref.table) throw new Error(`table dictionary ${ref.table} read without its read scope`);
    return [...(ref.condition ?? []).map((t) => sql`${sql.ref(t.column)} in (${sql.join(t.values)})`), ...scope.conds];
  }

  /**
   * getDictItems: every item of a plain code (disabled included), or a table dictionary's rows
   * within its condition and `scope` (the read gate's answer for that table; required for a table
   * dictionary, online/read-scope.ts tableReadScope).
   */
  async itemsOf(dictCode: string, scope?: ReadScope): Promise<DictModel[]> {
    if (!dictCode) throw new BizError('字典Code不能为空!');
    if (!dictCode.includes(',')) {
      const list = (await this.plain()).get(dictCode);
      return (list ?? []).map((i) => model(i.value, i.text));
    }
    const ref = this.tableRef(dictCode);
    const conds = this.scopeOf(ref, scope);
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const rows = await sql<{
      value: unknown;
      text: unknown;
    }>`select ${sql.ref(ref.code)} as value, ${sql.ref(ref.text)} as text from ${sql.table(ref.table)} ${where} order by 2 limit ${TABLE_DICT_LIMIT}`.execute(
      this.db,
    );
    return rows.rows.map((r) => model(r.value, r.text));
  }

  /** loadDict: table dictionary rows whose text contains `keyword`, at most `pageSize` (condition and scope as {@link itemsOf}). */
  async search(dictCode: string, keyword: string, pageSize: number, scope: ReadScope): Promise<DictModel[]> {
    if (!dictCode) throw new BizError('字典Code不能为空!');
    const ref = this.tableRef(dictCode);
    const limit = Math.min(Math.max(pageSize || 10, 1), 100);
    const like = likeContains(keyword);
    const rows = await sql<{
      value: unknown;
      text: unknown;
    }>`select ${sql.ref(ref.code)} as value, ${sql.ref(ref.text)} as text from ${sql.table(ref.table)}
      where ${sql.join([sql`${sql.ref(ref.text)}::text like ${like}`, ...this.scopeOf(ref, scope)], sql` and `)} order by 2 limit ${limit}`.execute(
      this.db,
    );
    return rows.rows.map((r) => model(r.value, r.text));
  }

  /**
   * Texts for `values` of a dictionary a request names (loadDictItem, getDictText): plain codes
   * from the cache, table dictionaries read within their condition and `scope` (required for
   * them). Values without a match are absent.
   */
  async translateIn(dictCode: string, values: readonly string[], scope?: ReadScope): Promise<Map<string, string>> {
    const wanted = [...new Set(values.filter((v) => v !== ''))];
    if (!dictCode.includes(',') || !wanted.length) return this.translate(dictCode, wanted);
    const ref = this.tableRef(dictCode);
    const out = new Map<string, string>();
    const conds = [sql`${sql.ref(ref.code)}::text in (${sql.join(wanted)})`, ...this.scopeOf(ref, scope)];
    const rows = await sql<{
      value: unknown;
      text: unknown;
    }>`select ${sql.ref(ref.code)}::text as value, ${sql.ref(ref.text)} as text from ${sql.table(ref.table)}
      where ${sql.join(conds, sql` and `)}`.execute(this.db);
    for (const r of rows.rows) out.set(String(r.value), r.text === null ? '' : String(r.text));
    return out;
  }

  /**
   * Texts for `values` of a dictionary (plain or table) declared by a definition the caller
   * already passed the read gate for (a screen field, a report item): a map value → text;
   * values without a match are absent. Unknown or not-allowed table dictionaries give an empty
   * map. A dictionary named by a request goes through {@link translateIn} instead.
   */
  async translate(dictCode: string, values: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const wanted = [...new Set(values.filter((v) => v !== ''))];
    if (!wanted.length) return out;
    if (!dictCode.includes(',')) {
      for (const i of (await this.plain()).get(dictCode) ?? []) if (wanted.includes(i.value)) out.set(i.value, i.text);
      return out;
    }
    const ref = parseTableDict(dictCode);
    if (!ref || !isAllowedTableDict(ref, this.screenColumns)) return out;
    if (SYSTEM_DICT_TABLES[ref.table]) {
      const map = await this.systemMap(ref, dictCode);
      for (const v of wanted) {
        const t = map.get(v);
        if (t !== undefined) out.set(v, t);
      }
      return out;
    }
    const cached = this.cacheRowTexts ? this.rowTexts.get(dictCode) : undefined;
    const missing = cached ? wanted.filter((v) => !cached.texts.has(v)) : wanted;
    if (missing.length) {
      const writesBefore = this.writes.get(ref.table) ?? 0;
      try {
        const rows = await sql<{
          value: unknown;
          text: unknown;
        }>`select ${sql.ref(ref.code)}::text as value, ${sql.ref(ref.text)} as text from ${sql.table(ref.table)}
          where ${sql.ref(ref.code)}::text in (${sql.join(missing)})`.execute(this.db);
        const found = new Map(rows.rows.map((r) => [String(r.value), r.text === null ? '' : String(r.text)]));
        for (const [v, t] of found) out.set(v, t);
        if (this.cacheRowTexts && (this.writes.get(ref.table) ?? 0) === writesBefore) this.remember(dictCode, ref.table, missing, found);
      } catch {
        // a screen table not created yet: leave the values untranslated
      }
    }
    if (cached)
      for (const v of wanted) if (!out.has(v) && typeof cached.texts.get(v) === 'string') out.set(v, cached.texts.get(v) as string);
    return out;
  }

  /** Keeps the texts read for `values` (null for a value without a row) in the row-text cache. */
  private remember(dictCode: string, table: string, values: string[], found: Map<string, string>): void {
    let entry = this.rowTexts.get(dictCode);
    if (!entry || entry.texts.size + values.length > ROW_TEXTS_MAX) {
      entry = { table, texts: new Map() };
      this.rowTexts.set(dictCode, entry);
    }
    for (const v of values) entry.texts.set(v, found.get(v) ?? null);
  }
}
