import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import { BizError } from '../http/envelope.js';
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { DictService } from '../modules/dict/dict-service.js';
import { addDictTexts, type DictTextField } from '../modules/dict/dict-text.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { buildConditions, buildOrder } from './filters.js';
import { translationDict } from './dict-fields.js';
import type { CountCache } from './count-cache.js';
import type { ScreenHookRegistry, ScreenHooks } from './screen-hooks.js';
import type { ScreenRegistry } from './screen-registry.js';
import type { ComputeEngine } from './compute/engine.js';
import { loadSubRows } from './sub-tables.js';
import { isEmpty } from './record-validation.js';

type Row = Record<string, unknown>;

/** Page size that means "all rows" in the online API (api-contract §1.7), capped for safety. */
const ALL_ROWS = -521;
const MAX_ALL = 10_000;
/** Largest page served unless the screen offers a larger page size (its `pageSizeOptions`). */
const MAX_PAGE = 1000;

/** The largest page a screen's list may ask for: 1,000 rows, or its largest offered page size. */
export function maxPageSize(screen: ScreenSchema): number {
  return Math.max(MAX_PAGE, ...(screen.pageSizeOptions ?? []));
}

/** What reading and writing screen records share: the database, dictionaries, cached counts, the screens' hooks. */
export interface RecordDeps {
  db: Db;
  dicts: DictService;
  counts: CountCache;
  hooks: ScreenHookRegistry;
  /** All loaded screens (cross-screen checks); absent in plain CRUD. */
  screens?: ScreenRegistry;
  /** Computed fields and their dependents; null in plain CRUD. */
  compute: ComputeEngine | null;
}

/**
 * Reads screen records (spec 7.3, api-contract §7.2 list and queryById): filtered, scoped by the
 * screens' listScope hooks, sorted and paged, with `_dictText` translations and the decorate
 * hooks. Every identifier comes from the screen schema; every value is bound.
 */
export class RecordReader {
  constructor(private readonly deps: RecordDeps) {}

  /** The hooks of a screen (online/screen-hooks.ts). */
  hooksOf(loaded: LoadedScreen): readonly ScreenHooks[] {
    return this.deps.hooks.of(loaded.screen.id);
  }

  /** The screens' listScope conditions for this user (online/screen-hooks.ts). */
  async scope(loaded: LoadedScreen, user: SessionUser | undefined, params: Row): Promise<RawBuilder<unknown>[]> {
    const out: RawBuilder<unknown>[] = [];
    if (!user) return out;
    for (const h of this.hooksOf(loaded)) if (h.listScope) out.push(...(await h.listScope({ user, params })));
    return out;
  }

  /** Runs the screens' decorate hooks over answered rows. */
  private async decorate(loaded: LoadedScreen, rows: Row[], user: SessionUser | undefined): Promise<void> {
    if (!user) return;
    for (const h of this.hooksOf(loaded)) if (h.decorate) await h.decorate(rows, user);
  }

  /** A page of rows matching the request's filters, sorted, with `_dictText` translations. */
  async page(
    loaded: LoadedScreen,
    params: Record<string, unknown>,
    user?: SessionUser,
  ): Promise<{ records: Row[]; total: number; size: number; current: number; pages: number }> {
    const { db, counts } = this.deps;
    const pageNo = Math.max(1, Math.floor(Number(params.pageNo) || 1));
    const requested = Math.floor(Number(params.pageSize) || 10);
    const all = requested === ALL_ROWS || loaded.screen.isPage === false;
    const pageSize = all ? MAX_ALL : Math.min(Math.max(requested, 1), maxPageSize(loaded.screen));
    const conds = [...buildConditions(loaded, params), ...(await this.scope(loaded, user, params))];
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const table = sql.table(loaded.screen.tableName);
    const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
    const order = buildOrder(loaded, params.column, params.order);
    const offset = all ? 0 : (pageNo - 1) * pageSize;
    const rows = (await sql<Row>`select ${cols} from ${table} ${where} order by ${order} limit ${pageSize} offset ${offset}`.execute(db))
      .rows;
    let total: number;
    if (rows.length < pageSize && (rows.length > 0 || offset === 0)) total = offset + rows.length;
    else {
      const compiled = where.compile(db);
      const key = compiled.sql + JSON.stringify(compiled.parameters);
      const cached = counts.get(loaded.screen.tableName, key);
      total = cached ?? Number((await sql<{ n: number }>`select count(*) as n from ${table} ${where}`.execute(db)).rows[0].n);
      if (cached === undefined) counts.set(loaded.screen.tableName, key, total);
    }
    await this.translate(loaded, rows);
    await this.decorate(loaded, rows, user);
    return { records: rows, total, size: all ? total : pageSize, current: all ? 1 : pageNo, pages: all ? 1 : Math.ceil(total / pageSize) };
  }

  /** One row by id within the user's scope, translated and decorated; BizError when missing. */
  async get(loaded: LoadedScreen, id: string, user?: SessionUser): Promise<Row> {
    const { db } = this.deps;
    const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
    const scope = await this.scope(loaded, user, {});
    const row = (
      await sql<Row>`select ${cols} from ${sql.table(loaded.screen.tableName)} where ${sql.join([sql`id = ${id}`, ...scope], sql` and `)}`.execute(
        db,
      )
    ).rows[0];
    if (!row) throw new BizError('未找到对应数据');
    await this.translate(loaded, [row]);
    await this.decorate(loaded, [row], user);
    // main tables carry each sub table name → its rows (api-contract §7.2 form/{code}/{id})
    for (const { loaded: sub } of loaded.subs ?? []) {
      const rows = await loadSubRows(db, sub, id, await this.scope(sub, user, {}));
      await this.translate(sub, rows);
      row[sub.screen.tableName] = rows;
    }
    return row;
  }

  /** Adds `<column>_dictText` to each row for every dictionary-backed field. */
  async translate(loaded: LoadedScreen, rows: Row[]): Promise<void> {
    const fields: DictTextField[] = [];
    for (const f of loaded.screen.fields) {
      const dict = translationDict(f);
      if (dict) fields.push({ key: toColumn(f.name), dictCode: dict });
    }
    await addDictTexts(this.deps.dicts, rows, fields, { isEmpty });
  }
}
