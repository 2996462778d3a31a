import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { BizError } from '../http/envelope.js';
import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { formatDateTime } from '../../shared/time.js';
import { resolveDefaultValue } from '../../shared/default-value.js';
import { toColumn } from '../../shared/columns.js';
import type { DictService } from '../modules/dict/dict-service.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { buildConditions, buildOrder } from './filters.js';
import { translationDict } from './dict-fields.js';
import { CountCache } from './count-cache.js';
import { checkValueSchema } from './value-validator.js';
import { fieldValidation, validateFieldValue } from '../../shared/field-validation.js';
import { linkageState } from '../../shared/linkage.js';
import { sanitizeRichText } from '../http/sanitize.js';
import { generatedValues } from '../modules/rules/fill-defaults.js';
import { logEditedRecord } from '../modules/datalog/data-log-service.js';
import { ScreenHookRegistry, type ScreenHooks } from './screen-hooks.js';
import { tree, treeColumns } from './structure.js';
import { deleteSubRows, loadSubRows, saveSubRows } from './sub-tables.js';
import { inTransaction } from '../db/transaction.js';

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

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Normalises a submitted value for its column: '' → null, numeric strings → numbers. */
export function normalise(f: ScreenField, v: unknown): unknown {
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
    private readonly hooks: ScreenHookRegistry = new ScreenHookRegistry(),
  ) {}

  private hooksOf(loaded: LoadedScreen): readonly ScreenHooks[] {
    return this.hooks.of(loaded.screen.id);
  }

  /** The screens' listScope conditions for this user (online/screen-hooks.ts): tenant, data rules, live rows, main row. */
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
    await this.decorate(loaded, rows, user);
    return { records: rows, total, size: all ? total : pageSize, current: all ? 1 : pageNo, pages: all ? 1 : Math.ceil(total / pageSize) };
  }

  /** One row by id within the user's scope, translated and decorated; BizError when missing. */
  async get(loaded: LoadedScreen, id: string, user?: SessionUser): Promise<Row> {
    const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
    const scope = await this.scope(loaded, user, {});
    const row = (
      await sql<Row>`select ${cols} from ${sql.table(loaded.screen.tableName)} where ${sql.join([sql`id = ${id}`, ...scope], sql` and `)}`.execute(
        this.db,
      )
    ).rows[0];
    if (!row) throw new BizError('未找到对应数据');
    await this.translate(loaded, [row]);
    await this.decorate(loaded, [row], user);
    // main tables carry each sub table name → its rows (api-contract §7.2 form/{code}/{id})
    for (const { loaded: sub } of loaded.subs ?? []) {
      const rows = await loadSubRows(this.db, sub, id, await this.scope(sub, user, {}));
      await this.translate(sub, rows);
      row[sub.screen.tableName] = rows;
    }
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
      // a field without a column (persist false) reaches only the hooks, through the body
      if (f.persist === false || f.readOnly || disabled.has(f.name) || disabled.has(col)) continue;
      if (Object.prototype.hasOwnProperty.call(body, col)) out.set(f, normalise(f, body[col]));
      else if (Object.prototype.hasOwnProperty.call(body, f.name)) out.set(f, normalise(f, body[f.name]));
    }
    return out;
  }

  private validate(loaded: LoadedScreen, values: Map<ScreenField, unknown>, existing: Row | null): void {
    const problems: string[] = [];
    const byName = new Map(loaded.screen.fields.map((f) => [f.name, f]));
    const current = (f: ScreenField | undefined) => (!f ? undefined : values.has(f) ? values.get(f) : existing?.[toColumn(f.name)]);
    for (const f of loaded.screen.fields) {
      if (f.persist === false) continue;
      // linkage (issue 3 item 7): a field hidden by linkage is not checked; required may follow it
      const link = f.linkage?.length ? linkageState(f, (name) => current(byName.get(name))) : null;
      if (link && !link.visible) continue;
      const required = link ? link.required : !!f.required;
      const provided = values.has(f);
      const value = current(f);
      if (!provided && !(required && isEmpty(value))) continue;
      // the shared field pipeline decides (the form's and the table's messages, spec 5.1/5.4);
      // the widget's value schema then checks the shape. A JSON object is refused by the value
      // schema first: it is no field value at all.
      const schemaMsg = () => (provided ? checkValueSchema(f, value) : null);
      const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
      const msg = (isObject ? schemaMsg() : null) ?? validateFieldValue(f, value, { required }) ?? schemaMsg();
      if (msg) problems.push(msg);
    }
    if (problems.length) throw new BizError(problems.slice(0, 3).join('；'));
  }

  private async assertUnique(trx: Db, loaded: LoadedScreen, values: Map<ScreenField, unknown>, id: string | null): Promise<void> {
    for (const [f, v] of values) {
      if (!fieldValidation(f).unique || isEmpty(v)) continue;
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

  /**
   * The row an insert of `body` writes: the writable fields, defaults filled, validated like form
   * input (BizError with the messages), audit columns and a new id. Writes nothing; used by add,
   * sub rows and the Excel import.
   */
  prepareNew(
    loaded: LoadedScreen,
    body: Row,
    user: SessionUser,
    disabled: Set<string> = new Set(),
    generated: Map<ScreenField, string> = new Map(),
  ): { id: string; row: Row; values: Map<ScreenField, unknown> } {
    const values = this.pick(loaded, body, disabled);
    for (const f of loaded.screen.fields) {
      if (generated.has(f)) values.set(f, generated.get(f));
      else if (f.defaultValue !== undefined && isEmpty(values.get(f)))
        values.set(f, normalise(f, resolveDefaultValue(f.defaultValue, { username: user.username, orgCode: user.orgCode ?? undefined })));
    }
    this.validate(loaded, values, null);
    const id = newId();
    const audit: Row = { create_by: user.username, create_time: formatDateTime(), sys_org_code: user.orgCode };
    const row: Row = { id };
    for (const [k, v] of Object.entries(audit)) if (loaded.systemColumns.has(k)) row[k] = v;
    for (const [f, v] of values) row[toColumn(f.name)] = v;
    return { id, row, values };
  }

  /** Inserts a row from a request body (with its sub rows for main tables); returns the new id. BizError on invalid input. */
  async add(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<string> {
    const { id, row, values } = this.prepareNew(loaded, body, user, disabled, await generatedValues(this.db, loaded, body));
    const subs = await inTransaction(this.db, async (trx) => {
      await this.assertUnique(trx, loaded, values, null);
      for (const h of this.hooksOf(loaded)) await h.beforeWrite?.({ trx, user, body, row, existing: null, isNew: true });
      row.id = id;
      await tree.beforeInsert(trx, loaded, row);
      await trx
        .insertInto(loaded.screen.tableName as never)
        .values(row as never)
        .execute();
      await tree.afterWrite(trx, loaded, row[treeColumns(loaded)?.pid ?? '']);
      const written = await saveSubRows(trx, loaded, id, body, user, this.prepareSub, true);
      for (const h of this.hooksOf(loaded)) await h.afterWrite?.({ trx, user, body, id, isNew: true });
      return written;
    });
    for (const t of [loaded.screen.tableName, ...subs]) this.counts.bump(t);
    return id;
  }

  /**
   * Inserts rows already prepared by {@link prepareNew} (the Excel import), all in one
   * transaction: the screen's write hooks run for each row, tree flags are kept, unique fields
   * are checked against the table (a clash throws BizError and nothing is written). Rows go in
   * multi-row statements of 500. `after` runs last in the same transaction (the sub rows of an
   * import) and names the tables it wrote. Returns the number inserted.
   */
  async insertPrepared(
    loaded: LoadedScreen,
    items: { row: Row; body: Row }[],
    user: SessionUser,
    after?: (trx: Db) => Promise<string[]>,
  ): Promise<number> {
    if (!items.length) return 0;
    let others: string[] = [];
    await inTransaction(this.db, async (trx) => {
      for (const f of loaded.screen.fields) {
        if (!f.unique) continue;
        const col = toColumn(f.name);
        const values = items.map((i) => i.row[col]).filter((v) => !isEmpty(v));
        for (let i = 0; i < values.length; i += 1000) {
          const clash = (
            await sql<{
              v: unknown;
            }>`select ${sql.ref(col)} as v from ${sql.table(loaded.screen.tableName)} where ${sql.ref(col)} in (${sql.join(values.slice(i, i + 1000))}) limit 1`.execute(
              trx,
            )
          ).rows[0];
          if (clash) throw new BizError(`${f.title}「${String(clash.v)}」已存在，该值不可用，系统中已存在！`);
        }
      }
      const hooks = this.hooksOf(loaded);
      const pid = treeColumns(loaded)?.pid;
      for (const { row, body } of items) {
        for (const h of hooks) await h.beforeWrite?.({ trx, user, body, row, existing: null, isNew: true });
        await tree.beforeInsert(trx, loaded, row);
      }
      for (let i = 0; i < items.length; i += 500) {
        await trx
          .insertInto(loaded.screen.tableName as never)
          .values(items.slice(i, i + 500).map((x) => x.row) as never)
          .execute();
      }
      if (pid) await tree.refreshFlags(trx, loaded, [...new Set(items.map((x) => String(x.row[pid])).filter((p) => p !== '0'))]);
      for (const { row, body } of items) for (const h of hooks) await h.afterWrite?.({ trx, user, body, id: String(row.id), isNew: true });
      if (after) others = await after(trx);
    });
    for (const t of [loaded.screen.tableName, ...others]) this.counts.bump(t);
    return items.length;
  }

  /** Sub rows are validated like the sub screen's form input (no field is disabled in a sub grid). */
  private prepareSub = (sub: LoadedScreen, body: Row, user: SessionUser) => this.prepareNew(sub, body, user);

  /** Updates the row named by body.id; BizError when missing or invalid. */
  async edit(loaded: LoadedScreen, body: Row, user: SessionUser, disabled: Set<string>): Promise<void> {
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    if (!id) throw new BizError('缺少记录id');
    const values = this.pick(loaded, body, disabled);
    const scope = await this.scope(loaded, user, {});
    let subs: string[] = [];
    await inTransaction(this.db, async (trx) => {
      const cols = sql.join(loaded.columns.map((c) => sql.ref(c)));
      const where = sql.join([sql`id = ${id}`, ...scope], sql` and `);
      const existing = (await sql<Row>`select ${cols} from ${sql.table(loaded.screen.tableName)} where ${where} for update`.execute(trx))
        .rows[0];
      if (!existing) throw new BizError('未找到对应数据');
      this.validate(loaded, values, existing);
      await this.assertUnique(trx, loaded, values, id);
      const set: Row = {};
      if (loaded.systemColumns.has('update_by')) set.update_by = user.username;
      if (loaded.systemColumns.has('update_time')) set.update_time = formatDateTime();
      for (const [f, v] of values) set[toColumn(f.name)] = v;
      for (const h of this.hooksOf(loaded)) await h.beforeWrite?.({ trx, user, body, row: set, existing, isNew: false });
      delete set.id;
      await tree.beforeUpdate(trx, loaded, id, set, existing);
      if (Object.keys(set).length)
        await trx
          .updateTable(loaded.screen.tableName as never)
          .set(set as never)
          .where('id' as never, '=', id as never)
          .execute();
      const pid = treeColumns(loaded)?.pid;
      if (pid && pid in set) await tree.afterWrite(trx, loaded, set[pid], existing[pid]);
      subs = await saveSubRows(trx, loaded, id, body, user, this.prepareSub, false);
      for (const h of this.hooksOf(loaded)) await h.afterWrite?.({ trx, user, body, id, isNew: false });
      // data log (issue 6 item 8): the previous and the new version of a business record
      const { tableName, tableSource } = loaded.screen;
      await logEditedRecord(trx, {
        table: tableName,
        tableSource,
        columns: loaded.columns,
        id,
        previous: existing,
        username: user.username,
      });
    });
    for (const t of [loaded.screen.tableName, ...subs]) this.counts.bump(t);
  }

  /**
   * Deletes rows by id list (within the user's scope) in one transaction; a beforeDelete hook
   * answering 'handled' replaces the hard delete (e.g. a soft delete). Returns the ids' count
   * deleted by the generic delete (ids.length when a hook handled it).
   */
  async remove(loaded: LoadedScreen, ids: string[], user?: SessionUser): Promise<number> {
    if (!ids.length) throw new BizError('请选择一条记录！');
    const scope = await this.scope(loaded, user, {});
    let subs: string[] = [];
    const n = await inTransaction(this.db, async (trx) => {
      // a tree node goes with its subtree (api-contract §7.2)
      const all = await tree.expand(trx, loaded, ids);
      // only rows within the user's scope (data rules, tenant…) are deleted, by the hooks too
      const where = sql.join([sql`id in (${sql.join(all)})`, ...scope], sql` and `);
      const gone = (await sql<{ id: string }>`select id from ${sql.table(loaded.screen.tableName)} where ${where}`.execute(trx)).rows.map(
        (r) => r.id,
      );
      if (!gone.length) return 0;
      let handled = false;
      if (user) for (const h of this.hooksOf(loaded)) if ((await h.beforeDelete?.({ trx, user, ids: gone })) === 'handled') handled = true;
      if (handled) return gone.length;
      const parents = await tree.parentsOf(trx, loaded, gone);
      subs = await deleteSubRows(trx, loaded, gone);
      const res = await sql`delete from ${sql.table(loaded.screen.tableName)} where id in (${sql.join(gone)})`.execute(trx);
      await tree.refreshFlags(trx, loaded, parents);
      return Number(res.numAffectedRows ?? 0);
    });
    for (const t of [loaded.screen.tableName, ...subs]) this.counts.bump(t);
    return n;
  }
}
