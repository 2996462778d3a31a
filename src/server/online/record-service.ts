import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { BizError } from '../http/envelope.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { checkFieldValue } from '../../shared/rule-codes.js';
import { formatDateTime } from '../../shared/time.js';
import { resolveDefaultValue } from '../../runtime/form/compile.js';
import { toColumn } from '../../runtime/schema/columns.js';
import type { DictService } from '../modules/dict/dict-service.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { buildConditions, buildOrder } from './filters.js';
import { translationDict } from './dict-fields.js';
import { CountCache } from './count-cache.js';
import { checkValueSchema } from './value-validator.js';
import { sanitizeRichText } from '../http/sanitize.js';

type Row = Record<string, unknown>;

/** Page size that means "all rows" in the online API (api-contract §1.7), capped for safety. */
const ALL_ROWS = -521;
const MAX_ALL = 10_000;
const MAX_PAGE = 1000;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Normalises a submitted value for its column: '' → null, numeric strings → numbers. */
function normalise(f: ScreenField, v: unknown): unknown {
  if (isEmpty(v)) return null;
  // rich text is stored sanitised, so it is safe wherever it is shown later (issue 5 item 4)
  if (f.widget === 'umeditor' && typeof v === 'string') return sanitizeRichText(v);
  if (
    (f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'BigDecimal') &&
    typeof v === 'string' &&
    v.trim() !== '' &&
    Number.isFinite(Number(v))
  )
    return Number(v);
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  return v;
}

/**
 * The generic CRUD of one screen table (spec 7.3, api-contract §7.2). Every identifier comes
 * from the screen schema; every value is bound. Writes validate each field with the same
 * rules the form uses (src/shared/rule-codes.ts), check unique fields, and run in a transaction.
 */
export class RecordService {
  constructor(
    private readonly db: Db,
    private readonly dicts: DictService,
    private readonly counts: CountCache = new CountCache(false),
  ) {}

  /** A page of rows matching the request's filters, sorted, with `_dictText` translations. */
  async page(
    loaded: LoadedScreen,
    params: Record<string, unknown>,
  ): Promise<{ records: Row[]; total: number; size: number; current: number; pages: number }> {
    const pageNo = Math.max(1, Math.floor(Number(params.pageNo) || 1));
    const requested = Math.floor(Number(params.pageSize) || 10);
    const all = requested === ALL_ROWS || loaded.screen.isPage === false;
    const pageSize = all ? MAX_ALL : Math.min(Math.max(requested, 1), MAX_PAGE);
    const conds = buildConditions(loaded, params);
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const table = sql.table(loaded.screen.tableName);
    const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
    const order = buildOrder(loaded, params.column, params.order);
    const offset = all ? 0 : (pageNo - 1) * pageSize;
    const rows = (
      await sql<Row>`select ${cols} from ${table} ${where} order by ${order} limit ${pageSize} offset ${offset}`.execute(this.db)
    ).rows;
    let total: number;
    if (rows.length < pageSize && (rows.length > 0 || offset === 0)) total = offset + rows.length;
    else {
      const compiled = where.compile(this.db);
      const key = compiled.sql + JSON.stringify(compiled.parameters);
      const cached = this.counts.get(loaded.screen.tableName, key);
      total = cached ?? Number((await sql<{ n: number }>`select count(*) as n from ${table} ${where}`.execute(this.db)).rows[0].n);
      if (cached === undefined) this.counts.set(loaded.screen.tableName, key, total);
    }
    await this.translate(loaded, rows);
    return { records: rows, total, size: all ? total : pageSize, current: all ? 1 : pageNo, pages: all ? 1 : Math.ceil(total / pageSize) };
  }

  /** One row by id, translated; BizError when missing. */
  async get(loaded: LoadedScreen, id: string): Promise<Row> {
    const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
    const row = (await sql<Row>`select ${cols} from ${sql.table(loaded.screen.tableName)} where id = ${id}`.execute(this.db)).rows[0];
    if (!row) throw new BizError('未找到对应数据');
    await this.translate(loaded, [row]);
    return row;
  }

  /** Adds `<column>_dictText` to each row for every dictionary-backed field. */
  async translate(loaded: LoadedScreen, rows: Row[]): Promise<void> {
    if (!rows.length) return;
    for (const f of loaded.screen.fields) {
      const dict = translationDict(f);
      if (!dict) continue;
      const col = toColumn(f.name);
      const values = new Set<string>();
      for (const r of rows) if (!isEmpty(r[col])) for (const v of String(r[col]).split(',')) values.add(v);
      if (!values.size) continue;
      const texts = await this.dicts.translate(dict, [...values]);
      for (const r of rows) {
        if (isEmpty(r[col])) continue;
        r[`${col}_dictText`] = String(r[col])
          .split(',')
          .map((v) => texts.get(v) ?? v)
          .join(',');
      }
    }
  }

  /** Writable fields of a request body: known fields, not read-only, not disabled for the user. */
  private pick(loaded: LoadedScreen, body: Row, disabled: Set<string>): Map<ScreenField, unknown> {
    const out = new Map<ScreenField, unknown>();
    for (const f of loaded.screen.fields) {
      const col = toColumn(f.name);
      if (f.readOnly || disabled.has(f.name) || disabled.has(col)) continue;
      if (Object.prototype.hasOwnProperty.call(body, col)) out.set(f, normalise(f, body[col]));
      else if (Object.prototype.hasOwnProperty.call(body, f.name)) out.set(f, normalise(f, body[f.name]));
    }
    return out;
  }

  private validate(loaded: LoadedScreen, values: Map<ScreenField, unknown>, existing: Row | null): void {
    const problems: string[] = [];
    for (const f of loaded.screen.fields) {
      const provided = values.has(f);
      const value = provided ? values.get(f) : existing?.[toColumn(f.name)];
      if (!provided && !(f.required && isEmpty(value))) continue;
      const msg = (provided ? checkValueSchema(f, value) : null) ?? checkFieldValue(f, value);
      if (msg) problems.push(msg);
    }
    if (problems.length) throw new BizError(problems.slice(0, 3).join('；'));
  }

  private async assertUnique(trx: Db, loaded: LoadedScreen, values: Map<ScreenField, unknown>, id: string | null): Promise<void> {
    for (const [f, v] of values) {
      if (!f.unique || isEmpty(v)) continue;
      const col = toColumn(f.name);
      const found = (
        await sql<{
          id: string;
        }>`select id from ${sql.table(loaded.screen.tableName)} where ${sql.ref(col)} = ${v} ${id ? sql`and id <> ${id}` : sql``} limit 1`.execute(
          trx,
        )
      ).rows[0];
      if (found) throw new BizError(`${f.title}「${String(v)}」已存在，该值不可用，系统中已存在！`);
    }
  }

  /** Inserts a row from a request body; returns the new id. BizError on invalid input. */
  async add(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<string> {
    const values = this.pick(loaded, body, disabled);
    for (const f of loaded.screen.fields) {
      if (f.defaultValue !== undefined && isEmpty(values.get(f)))
        values.set(f, normalise(f, resolveDefaultValue(f.defaultValue, { username: user.username, orgCode: user.orgCode ?? undefined })));
    }
    this.validate(loaded, values, null);
    const id = newId();
    const now = formatDateTime();
    const row: Row = { id, create_by: user.username, create_time: now, sys_org_code: user.orgCode };
    for (const [f, v] of values) row[toColumn(f.name)] = v;
    await this.db.transaction().execute(async (trx) => {
      await this.assertUnique(trx, loaded, values, null);
      await trx
        .insertInto(loaded.screen.tableName as never)
        .values(row as never)
        .execute();
    });
    this.counts.bump(loaded.screen.tableName);
    return id;
  }

  /** Updates the row named by body.id; BizError when missing or invalid. */
  async edit(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<void> {
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    if (!id) throw new BizError('缺少记录id');
    const values = this.pick(loaded, body, disabled);
    await this.db.transaction().execute(async (trx) => {
      const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
      const existing = (await sql<Row>`select ${cols} from ${sql.table(loaded.screen.tableName)} where id = ${id} for update`.execute(trx))
        .rows[0];
      if (!existing) throw new BizError('未找到对应数据');
      this.validate(loaded, values, existing);
      await this.assertUnique(trx, loaded, values, id);
      const set: Row = { update_by: user.username, update_time: formatDateTime() };
      for (const [f, v] of values) set[toColumn(f.name)] = v;
      await trx
        .updateTable(loaded.screen.tableName as never)
        .set(set as never)
        .where('id' as never, '=', id as never)
        .execute();
    });
    this.counts.bump(loaded.screen.tableName);
  }

  /** Deletes rows by id list in one transaction; returns how many were deleted. */
  async remove(loaded: LoadedScreen, ids: string[]): Promise<number> {
    if (!ids.length) throw new BizError('请选择一条记录！');
    const n = await this.db.transaction().execute(async (trx) => {
      const res = await sql`delete from ${sql.table(loaded.screen.tableName)} where id in (${sql.join(ids)})`.execute(trx);
      return Number(res.numAffectedRows ?? 0);
    });
    this.counts.bump(loaded.screen.tableName);
    return n;
  }
}
