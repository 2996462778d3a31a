import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { OnlCgreportHead, OnlCgreportItem, OnlCgreportParam } from '../../db/tables-cgreport.js';
import { BizError, ForbiddenError } from '../../http/envelope.js';
import type { ReadScope } from '../read-scope.js';
import type { SessionUser } from '../../modules/auth/token-service.js';
import type { DictService, DictModel } from '../../modules/dict/dict-service.js';
import { addDictTexts } from '../../modules/dict/dict-text.js';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import type { ScreenField } from '../../../shared/generated/screen-schema.js';
import { rangeRule, valueRule, type ColumnRef } from '../filters.js';
import { checkPlan, checkReportSql, compileReportSql, PLAN_LIMITS } from './report-sql.js';
import { REPORT_TEXT } from './texts.js';
import { checkReportAst, loadReportParser } from './report-ast.js';
import { reportTenantTables, tenantScopedReportSql, type TenantRule } from './report-tenant.js';
import { runWithQueryTimeout } from '../../db/worker-driver.js';
import type { DataSourcePool, OpenSource } from '../../modules/datasource/source-pool.js';
import type { ReportCard, ReportChart } from './report-files.js';

/** A chart's definition as the client draws it (no SQL). */
function publicChart(c: ReportChart) {
  return { key: c.key, title: c.title, type: c.type, x: c.x, series: c.series, span: c.span ?? 12 };
}

/** The cards and charts of a report screen without their SQL. */
function publicDashboard(d: { cards: ReportCard[]; charts: ReportChart[] }) {
  return {
    cards: d.cards.map((c) => ({ key: c.key, title: c.title, format: c.format ?? 'int', suffix: c.suffix ?? '' })),
    charts: d.charts.map(publicChart),
  };
}
import { inTransaction } from '../../db/transaction.js';

type Row = Record<string, unknown>;

/** One stored report: head, items (ordered) and params. */
export interface ReportDefinition {
  head: OnlCgreportHead;
  items: OnlCgreportItem[];
  params: OnlCgreportParam[];
}

/** Statement timeout of a report on PostgreSQL (ms). */
export const REPORT_TIMEOUT_MS = 15_000;
const ALL_ROWS = -521;
const MAX_ALL = 10_000;
const MAX_PAGE = 1000;

const KIND: Record<string, ScreenField['dbType']> = { Integer: 'int', Long: 'int', Double: 'double', Date: 'Date', Datetime: 'Datetime' };

/** Errors of reaching a database (not of the SQL): refused, unknown host, timeout, login, missing database. */
function isConnectionError(e: unknown): boolean {
  const { code, message } = e as { code?: string; message?: string };
  if (
    code &&
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', '28P01', '28000', '3D000'].includes(code)
  )
    return true;
  return /timeout|terminated|connect/i.test(message ?? '');
}

/** The query-widget view of an item (getQueryInfo): dictionary select, date, number or text. */
function viewOf(item: OnlCgreportItem): string {
  if (item.dict_code) return 'list';
  if (item.field_type === 'Date') return 'date';
  if (item.field_type === 'Datetime') return 'datetime';
  if (item.field_type === 'Integer' || item.field_type === 'Long' || item.field_type === 'Double') return 'number';
  return 'text';
}

/**
 * The online-report runtime (api-contract §8, spec 3 "Popup report config", 7.3): report
 * definitions from onl_cgreport_*, their columns and query fields, and their data. The SQL
 * runs read-only — in a read-only transaction, on PostgreSQL under a statement timeout, and on
 * both databases only after its EXPLAIN plan passed checkPlan (no credential column or denied
 * table, cost and rows within bounds, which is what keeps the embedded database responsive) —
 * with `${param}` values from `self_<param>` bound, query fields as bound conditions over the
 * report's own result columns, sort by a result column, and paging. A report naming a data
 * source (`db_source`, a code of 多数据源管理) runs on that PostgreSQL database instead.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly dicts: DictService,
    private readonly dbKind: 'pglite' | 'postgres',
    private readonly limits = PLAN_LIMITS,
    private readonly sources?: DataSourcePool,
    /** The read gate of a report (online/read-scope.ts canReadReport); without it no report is read. */
    private readonly gate?: (user: SessionUser, head: OnlCgreportHead) => Promise<boolean>,
    /** The relations a report on this database may read (report-ast.ts reportRelations); none given: the system allow-list only. */
    private readonly relations: () => ReadonlySet<string> = () => new Set(),
    /** The tenant-owned tables (report-tenant.ts reportTenantTables): every read of one is limited to the request's tenant. */
    private readonly tenantTables: () => ReadonlyMap<string, TenantRule> = () => reportTenantTables([]),
    /** Time limit of a report's queries (ms): PostgreSQL's statement_timeout, on the embedded database a terminated worker. */
    private readonly timeoutMs = REPORT_TIMEOUT_MS,
  ) {}

  /**
   * The checks of a report SQL before it runs: the text check (checkReportSql) and the
   * allow-list of relations and functions on its parse tree (report-ast.ts); `extra` relations
   * are allowed besides (a dashboard's `report`); `onSource` (a data source's database) checks
   * functions only. BizError with the first problem.
   */
  private async guard(text: string, opts: { extra?: string[]; onSource?: boolean } = {}): Promise<void> {
    const problem = checkReportSql(text);
    if (problem) throw new BizError(problem);
    await loadReportParser();
    const relations = opts.onSource ? null : new Set([...this.relations(), ...(opts.extra ?? [])]);
    const refused = checkReportAst(text, relations);
    if (refused) throw new BizError(refused);
  }

  /**
   * The report with head id or code `key`, checked by the read gate (online/read-scope.ts
   * canReadReport: one of its permission menus, else its own menu, else the menu of a screen whose
   * popup field picks from it); 403 otherwise. BizError when unknown.
   */
  async load(key: string, user: SessionUser): Promise<ReportDefinition> {
    const head = await this.db.selectFrom('onl_cgreport_head').selectAll().where('id', '=', key).executeTakeFirst();
    const found = head ?? (await this.db.selectFrom('onl_cgreport_head').selectAll().where('code', '=', key).executeTakeFirst());
    if (!found) throw new BizError(REPORT_TEXT.notFound(key));
    // one gate for every report path: a service built without it reads no report
    if (!this.gate || !(await this.gate(user, found))) throw new ForbiddenError();
    const [items, params] = await Promise.all([
      this.db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', found.id).orderBy('order_num').execute(),
      this.db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', found.id).orderBy('order_num').execute(),
    ]);
    return { head: found, items, params };
  }

  private async dictOptions(
    items: OnlCgreportItem[],
    scopeOf?: (dictCode: string) => Promise<ReadScope | undefined>,
  ): Promise<Record<string, DictModel[]>> {
    const out: Record<string, DictModel[]> = {};
    for (const it of items) {
      if (!it.dict_code) continue;
      try {
        out[it.field_name] = await this.dicts.itemsOf(it.dict_code, await scopeOf?.(it.dict_code));
      } catch {
        out[it.field_name] = [];
      }
    }
    return out;
  }

  /**
   * getRpColumns: the list columns, dictionary options and the report's id and name. `scopeOf`
   * gives the read scope of an item's table dictionary (without it those options stay empty).
   */
  async columns(def: ReportDefinition, scopeOf?: (dictCode: string) => Promise<ReadScope | undefined>): Promise<Row> {
    const shown = def.items.filter((i) => i.is_show !== 0);
    const columns = shown.map((i) => ({
      title: i.field_txt ?? i.field_name,
      dataIndex: i.field_name,
      align: 'center',
      sorter: i.is_order === 1,
      fieldType: i.field_type ?? 'String',
      ...(i.dict_code ? { customRender: i.field_name } : {}),
      ...(i.field_width ? { width: i.field_width } : {}),
      ...(i.field_type === 'DownLoad' ? { scopedSlots: { customRender: 'downloadSlot' } } : {}),
      ...(i.field_type === 'Image' ? { scopedSlots: { customRender: 'imgSlot' } } : {}),
      ...(i.field_href ? { hrefSlotName: `fieldHref_${i.field_name}` } : {}),
      isTotal: i.is_total === '1' ? '1' : '0',
    }));
    return {
      cgRpConfigId: def.head.id,
      cgRpConfigName: def.head.name,
      code: def.head.code,
      columns,
      dictOptions: await this.dictOptions(shown, scopeOf),
      fieldHrefSlots: shown.filter((i) => i.field_href).map((i) => ({ slotName: `fieldHref_${i.field_name}`, href: i.field_href })),
      returnValField: def.head.return_val_field,
      returnTxtField: def.head.return_txt_field,
      isGroupTitle: false,
      // a report screen's cards and charts, without their SQL (getDashboard answers their data)
      ...(this.dashboardOf(def) ? { dashboard: publicDashboard(this.dashboardOf(def)!) } : {}),
    };
  }

  private dashboardOf(def: ReportDefinition): { cards: ReportCard[]; charts: ReportChart[] } | null {
    if (!def.head.dashboard) return null;
    try {
      return JSON.parse(def.head.dashboard) as { cards: ReportCard[]; charts: ReportChart[] };
    } catch {
      return null;
    }
  }

  /**
   * A report SQL as it runs: on the application's database every read of a tenant-owned table
   * is limited to the request's tenant (report-tenant.ts); a data source's database as written.
   */
  private scoped(text: string, onSource: boolean): string {
    return onSource ? text : tenantScopedReportSql(text, this.tenantTables());
  }

  /** The report SQL compiled for a request: `${param}` from self_<param> (else its default), system variables of the user. */
  private compileFor(def: ReportDefinition, text: string, query: Row, user: SessionUser) {
    const defaults = new Map(def.params.map((p) => [p.param_name, p.param_value ?? '']));
    const param = (name: string) => {
      const v = query[`self_${name}`];
      if (typeof v === 'string') return v;
      if (typeof v === 'number') return String(v);
      return defaults.get(name) ?? '';
    };
    return compileReportSql(this.scoped(text, !!def.head.db_source), param, {
      tenantId: String(user.tenantId ?? 0),
      username: user.username,
      userId: user.id,
      orgCode: user.orgCode ?? '',
      date: formatDate(),
      time: formatDateTime(),
    });
  }

  /**
   * getDashboard: the values of a report screen's KPI cards and the rows of its charts for the
   * request's parameters (each SQL may read `report`, the report's own rows), computed read-only
   * under the same checks as the report. BizError when the report has none or a SQL is refused.
   */
  async dashboard(def: ReportDefinition, query: Row, user: SessionUser): Promise<Row> {
    const dash = this.dashboardOf(def);
    if (!dash) throw new BizError(REPORT_TEXT.noDashboard(def.head.name));
    await this.guard(def.head.cgr_sql, { onSource: !!def.head.db_source });
    for (const c of [...dash.cards, ...dash.charts]) await this.guard(c.sql, { extra: ['report'], onSource: !!def.head.db_source });
    const inner = this.compileFor(def, def.head.cgr_sql, query, user);
    const run = async (trx: Db, text: string) => {
      const full = sql<Row>`with report as (${inner}) select * from (${this.compileFor(def, text, query, user)}) d`;
      const plan = (await sql<{ 'QUERY PLAN': unknown }>`explain (verbose, format json) ${full}`.execute(trx)).rows[0]?.['QUERY PLAN'];
      const refused = checkPlan(typeof plan === 'string' ? JSON.parse(plan) : plan, this.limits);
      if (refused) throw new BizError(refused);
      return (await sql<Row>`${full} limit 500`.execute(trx)).rows;
    };
    // like the rows, the figures come from the report's data source when it names one
    const source = def.head.db_source ? await this.sourceOf(def.head.db_source) : null;
    return this.readOnly(source, async (trx) => {
      const cards = [];
      for (const c of dash.cards) {
        const rows = await run(trx, c.sql);
        const v = rows[0]?.value;
        cards.push({
          key: c.key,
          title: c.title,
          format: c.format ?? 'int',
          suffix: c.suffix ?? '',
          value: v === null || v === undefined ? 0 : Number(v),
        });
      }
      const charts = [];
      for (const c of dash.charts) charts.push({ ...publicChart(c), data: await run(trx, c.sql) });
      return { cards, charts };
    });
  }

  /** getQueryInfo: the query fields (isSearch items). */
  queryInfo(def: ReportDefinition): Row[] {
    return def.items
      .filter((i) => i.is_search === 1)
      .map((i, order) => ({
        field: i.field_name,
        label: i.field_txt ?? i.field_name,
        view: viewOf(i),
        mode: i.search_mode === 'group' ? 'group' : 'single',
        dictCode: i.dict_code ?? undefined,
        type: i.field_type ?? 'String',
        hidden: false,
        order,
      }));
  }

  /** getParamsInfo: the report parameters in order. */
  paramsInfo(def: ReportDefinition): Row[] {
    return def.params.map((p) => ({
      id: p.id,
      paramName: p.param_name,
      paramTxt: p.param_txt,
      paramValue: p.param_value,
      orderNum: p.order_num,
    }));
  }

  /**
   * getData: a page of the report's rows for the request parameters, plus `totals` (column →
   * sum over the whole query) when a column is marked total; BizError with a clear message on
   * any refusal.
   */
  async data(
    def: ReportDefinition,
    query: Row,
    user: SessionUser,
  ): Promise<{ records: Row[]; total: number; size: number; current: number; pages: number; totals?: Row }> {
    await this.guard(def.head.cgr_sql, { onSource: !!def.head.db_source });
    const inner = this.compileFor(def, def.head.cgr_sql, query, user);
    const conds = this.conditions(def, query);
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const order = this.order(def, query.column, query.order);
    const pageNo = Math.max(1, Math.floor(Number(query.pageNo) || 1));
    const requested = Math.floor(Number(query.pageSize) || 10);
    const all = requested === ALL_ROWS;
    const pageSize = all ? MAX_ALL : Math.min(Math.max(requested, 1), MAX_PAGE);
    const offset = all ? 0 : (pageNo - 1) * pageSize;
    const full = sql<Row>`select * from (${inner}) t ${where} ${order}`;
    // a report naming a data source (多数据源管理) runs there; dictionaries still translate here
    const source = def.head.db_source ? await this.sourceOf(def.head.db_source) : null;
    const totalled = def.items.filter((i) => i.is_total === '1');
    const { rows, total, totals } = await this.readOnly(source, async (trx) => {
      const plan = (await sql<{ 'QUERY PLAN': unknown }>`explain (verbose, format json) ${full}`.execute(trx)).rows[0]?.['QUERY PLAN'];
      const refused = checkPlan(typeof plan === 'string' ? JSON.parse(plan) : plan, this.limits);
      if (refused) throw new BizError(refused);
      const rows = (await sql<Row>`${full} limit ${pageSize} offset ${offset}`.execute(trx)).rows;
      const total =
        rows.length < pageSize && (rows.length > 0 || offset === 0)
          ? offset + rows.length
          : Number((await sql<{ n: number }>`select count(*) as n from (${inner}) t ${where}`.execute(trx)).rows[0].n);
      // the totals row (isTotal columns) sums every row of the query, not only this page
      const totals = totalled.length
        ? (
            await sql<Row>`select ${sql.join(totalled.map((i) => sql`sum(${sql.ref(i.field_name)}) as ${sql.ref(i.field_name)}`))} from (${inner}) t ${where}`.execute(
              trx,
            )
          ).rows[0]
        : undefined;
      return { rows, total, totals };
    });
    await this.translate(def, rows);
    return {
      records: rows,
      total,
      size: pageSize,
      current: all ? 1 : pageNo,
      pages: Math.max(1, Math.ceil(total / pageSize)),
      ...(totals ? { totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v === null ? null : Number(v)])) } : {}),
    };
  }

  /**
   * The result columns of a report SQL for the designer's "parse SQL", run under the same
   * guards as a report (the SQL check, read-only, plan check, timeout) with empty parameter
   * values: one probe row (all columns null when the query has no rows) gives names and a
   * sample value each. `dbSource` (a data source code) runs the probe there, as the report will
   * run. BizError with the guard's message when refused, or when the data source is unknown.
   */
  async parseColumns(
    text: string,
    user: SessionUser,
    param: (name: string) => string = () => '',
    dbSource?: string,
  ): Promise<{ name: string; sample: unknown }[]> {
    await this.guard(text, { onSource: !!dbSource });
    const inner = compileReportSql(this.scoped(text, !!dbSource), param, {
      tenantId: String(user.tenantId ?? 0),
      username: user.username,
      userId: user.id,
      orgCode: user.orgCode ?? '',
      date: formatDate(),
      time: formatDateTime(),
    });
    const probe = sql<Row>`select t.* from (select 1 as probe_one) d left join (select * from (${inner}) s limit 1) t on true`;
    const source = dbSource ? await this.sourceOf(dbSource) : null;
    const row = await this.readOnly(source, async (trx) => {
      const plan = (await sql<{ 'QUERY PLAN': unknown }>`explain (verbose, format json) ${probe}`.execute(trx)).rows[0]?.['QUERY PLAN'];
      const refused = checkPlan(typeof plan === 'string' ? JSON.parse(plan) : plan, this.limits);
      if (refused) throw new BizError(refused);
      return (await probe.execute(trx)).rows[0] ?? {};
    });
    return Object.entries(row).map(([name, sample]) => ({ name, sample }));
  }

  /** Query-field conditions over the report's result columns (single: QueryGenerator value syntax; group: _begin/_end). */
  private conditions(def: ReportDefinition, query: Row): RawBuilder<unknown>[] {
    const out: RawBuilder<unknown>[] = [];
    for (const it of def.items) {
      const ref: ColumnRef = { column: it.field_name, dbType: KIND[it.field_type ?? ''] ?? 'string', title: it.field_txt ?? it.field_name };
      const text = (k: string) => {
        const v = query[k];
        return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
      };
      if (text(it.field_name) !== '') {
        const c = valueRule(ref, text(it.field_name));
        if (c) out.push(c);
      }
      for (const edge of ['begin', 'end'] as const)
        if (text(`${it.field_name}_${edge}`) !== '') out.push(rangeRule(ref, edge, text(`${it.field_name}_${edge}`)));
    }
    return out;
  }

  private order(def: ReportDefinition, column: unknown, order: unknown): RawBuilder<unknown> {
    if (typeof column !== 'string' || !column) return sql``;
    const item = def.items.find((i) => i.field_name === column.replace(/_dictText$/, ''));
    if (!item) throw new BizError(REPORT_TEXT.badSort(column));
    return sql`order by ${sql.ref(item.field_name)} ${sql.raw(typeof order === 'string' && /asc/i.test(order) ? 'asc' : 'desc')}`;
  }

  /** The open data source `code`; BizError when data sources are not available here or it is unknown. */
  private async sourceOf(code: string): Promise<OpenSource> {
    if (!this.sources) throw new BizError(REPORT_TEXT.noSources);
    return this.sources.get(code);
  }

  /**
   * Runs `fn` in a read-only transaction on `source` (a data source, always PostgreSQL) or on the
   * application's database (PostgreSQL: with a statement and a lock timeout); database errors
   * become clear messages, a data source that cannot be reached says so with its name.
   */
  private async readOnly<T>(source: OpenSource | null, fn: (trx: Db) => Promise<T>): Promise<T> {
    const db = source?.db ?? this.db;
    const run = () =>
      inTransaction(db, async (trx) => {
        await sql`set transaction read only`.execute(trx);
        if (source || this.dbKind === 'postgres') {
          await sql.raw(`set local statement_timeout = ${Math.floor(this.timeoutMs)}`).execute(trx);
          await sql.raw(`set local lock_timeout = 2000`).execute(trx);
        }
        return fn(trx);
      });
    try {
      // the embedded database ignores statement_timeout: its worker is replaced past the limit
      return await (!source && this.dbKind === 'pglite' ? runWithQueryTimeout(this.timeoutMs, run) : run());
    } catch (e) {
      if (e instanceof BizError) throw e;
      const code = (e as { code?: string }).code;
      if (code === '25006') throw new BizError(REPORT_TEXT.readOnly);
      if (code === '57014') throw new BizError(REPORT_TEXT.timeout);
      if (source && isConnectionError(e)) throw new BizError(source.failure(e));
      throw new BizError(REPORT_TEXT.failed(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined));
    }
  }

  /** Adds `<field>_dictText` for dictionary columns. */
  private async translate(def: ReportDefinition, rows: Row[]): Promise<void> {
    const fields = def.items.filter((it) => it.dict_code).map((it) => ({ key: it.field_name, dictCode: it.dict_code! }));
    await addDictTexts(this.dicts, rows, fields);
  }
}
