import { escapeLike } from '../http/list-query.js';
import { sql, type RawBuilder } from 'kysely';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { BizError } from '../http/envelope.js';
import { toColumn } from '../../shared/columns.js';
import type { LoadedScreen } from './screen-registry.js';
import { ENGINE_TEXT } from './texts.js';

type Cond = RawBuilder<unknown>;
type Params = Record<string, unknown>;

/** Parameters that are never filters (api-contract §4.1). */
const RESERVED = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  '_t',
  'tabletype',
  'hasQuery',
  'class',
  'ids',
  'page',
  'rows',
  'sort',
  'selections',
  'paramsStr',
]);

/** System columns that may be filtered and sorted, with their value kind. */
const SYSTEM_KINDS: Record<string, ScreenField['dbType']> = {
  id: 'string',
  create_by: 'string',
  create_time: 'Datetime',
  update_by: 'string',
  update_time: 'Datetime',
  sys_org_code: 'string',
};

/** A filterable column: its name, value kind and title (for messages). */
export interface ColumnRef {
  column: string;
  dbType: ScreenField['dbType'];
  title: string;
}

/** Resolves a request key (column or camelCase name) to a column of the screen; undefined if none. */
export function resolveColumn(loaded: LoadedScreen, key: string): ColumnRef | undefined {
  const column = key.includes('_') || key === key.toLowerCase() ? key : toColumn(key);
  const f = loaded.byColumn.get(column) ?? loaded.byColumn.get(toColumn(key));
  if (f) return { column: toColumn(f.name), dbType: f.dbType, title: f.title };
  const sysColumn = SYSTEM_KINDS[column] ? column : toColumn(key);
  const sys = SYSTEM_KINDS[sysColumn];
  // migration-owned tables may lack some audit columns (LoadedScreen.systemColumns)
  if (sys && (sysColumn === 'id' || loaded.systemColumns.has(sysColumn))) return { column: sysColumn, dbType: sys, title: key };
  return undefined;
}

/** Converts a query value to the column's type; throws BizError naming the field. */
function typed(ref: ColumnRef, raw: string, edge?: 'begin' | 'end'): unknown {
  const v = raw.trim();
  switch (ref.dbType) {
    case 'int':
    case 'double':
    case 'BigDecimal': {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n)) throw new BizError(`查询条件「${ref.title}」应为数字`);
      return n;
    }
    case 'Date':
      if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v)) return v.slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new BizError(`查询条件「${ref.title}」应为日期 YYYY-MM-DD`);
      return v;
    case 'Datetime':
      if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return edge === 'end' ? `${v} 23:59:59` : `${v} 00:00:00`;
      if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v)) throw new BizError(`查询条件「${ref.title}」应为时间 YYYY-MM-DD HH:mm:ss`);
      return v;
    default:
      return v;
  }
}

const OPS: Record<string, string> = {
  eq: '=',
  '=': '=',
  ne: '<>',
  '!=': '<>',
  gt: '>',
  '>': '>',
  ge: '>=',
  '>=': '>=',
  lt: '<',
  '<': '<',
  le: '<=',
  '<=': '<=',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function compare(ref: ColumnRef, op: string, raw: string): Cond {
  const col = sql.ref(ref.column);
  const sqlOp = OPS[op];
  // a date alone against a date-time column means the whole day (api-contract §4.2/§4.3 type date)
  if (ref.dbType === 'Datetime' && DAY.test(raw.trim())) {
    const start = typed(ref, raw, 'begin');
    const end = typed(ref, raw, 'end');
    if (sqlOp === '=') return sql`(${col} >= ${start} and ${col} <= ${end})`;
    if (sqlOp === '<>') return sql`(${col} < ${start} or ${col} > ${end})`;
    return sql`${col} ${sql.raw(sqlOp)} ${sqlOp === '>' || sqlOp === '<=' ? end : start}`;
  }
  return sql`${col} ${sql.raw(sqlOp)} ${typed(ref, raw)}`;
}

function like(ref: ColumnRef, pattern: string): Cond {
  return sql`${sql.ref(ref.column)}::text like ${pattern}`;
}

function inList(ref: ColumnRef, values: string[]): Cond {
  const vals = values.map((v) => typed(ref, v));
  return sql`${sql.ref(ref.column)} in (${sql.join(vals)})`;
}

/** One plain-parameter condition from JeecgBoot's QueryGenerator value syntax (api-contract §4.2). */
export function valueRule(ref: ColumnRef, raw: string): Cond | null {
  const v = raw;
  if (v === '') return null;
  if (v.length > 2 && v.startsWith(',') && v.endsWith(',')) {
    const parts = v.slice(1, -1).split(',').filter(Boolean);
    return sql`(${sql.join(
      parts.map((p) => like(ref, `%${escapeLike(p)}%`)),
      sql` or `,
    )})`;
  }
  const m = /^(>=|<=|!=|>|<|gt|ge|lt|le|ne|eq) (.+)$/.exec(v);
  if (m) return compare(ref, m[1], m[2]);
  // numbers and dates also take the operator without the space (`>=5`); text keeps it literal
  const tight = ref.dbType !== 'string' && ref.dbType !== 'Text' ? /^(>=|<=|!=|>|<)(.+)$/.exec(v) : null;
  if (tight) return compare(ref, tight[1], tight[2]);
  if (v !== '*' && v.length > 1) {
    if (v.startsWith('*') && v.endsWith('*') && v.length > 2) return like(ref, `%${escapeLike(v.slice(1, -1))}%`);
    if (v.startsWith('*')) return like(ref, `%${escapeLike(v.slice(1))}`);
    if (v.endsWith('*')) return like(ref, `${escapeLike(v.slice(0, -1))}%`);
  }
  if (v.includes(','))
    return inList(
      ref,
      v.split(',').filter((s) => s !== ''),
    );
  if (v.startsWith('!') && v.length > 1) return compare(ref, 'ne', v.slice(1));
  return compare(ref, 'eq', v.replace(/\+\+/g, ','));
}

/** A range bound `<col>_begin` (>=) or `<col>_end` (<=), typed like the column (api-contract §4.2). */
export function rangeRule(ref: ColumnRef, edge: 'begin' | 'end', raw: string): Cond {
  return sql`${sql.ref(ref.column)} ${sql.raw(edge === 'begin' ? '>=' : '<=')} ${typed(ref, raw, edge)}`;
}

/** A superQuery condition {field, rule, val} (api-contract §4.3). */
export function superRule(ref: ColumnRef, rule: string, val: string): Cond | null {
  if (val === '' || val === undefined || val === null) return null;
  const r = rule.toLowerCase();
  if (r === 'in') return inList(ref, String(val).split(',').filter(Boolean));
  if (r === 'like') return like(ref, `%${escapeLike(String(val))}%`);
  if (r === 'left_like') return like(ref, `%${escapeLike(String(val))}`);
  if (r === 'right_like') return like(ref, `${escapeLike(String(val))}%`);
  if (OPS[r]) return compare(ref, r, String(val));
  throw new BizError(`不支持的查询规则：${rule}`);
}

/**
 * A superQuery field of one of the main table's sub tables, written `subTable,field` or
 * `subTable.field` (the advanced query groups sub-table fields, spec 3 "Field list item").
 */
function subField(loaded: LoadedScreen, field: string): { loaded: LoadedScreen; fk: string; ref: ColumnRef } | undefined {
  const m = /^([a-z][a-z0-9_]*)[,.]([A-Za-z][A-Za-z0-9_]*)$/.exec(field);
  if (!m || !loaded.subs?.length) return undefined;
  const hit = loaded.subs.find((s) => s.loaded.screen.tableName === m[1] || s.loaded.screen.id === m[1]);
  if (!hit) return undefined;
  const ref = resolveColumn(hit.loaded, m[2]);
  if (!ref) throw new BizError(`高级查询字段不存在：${field}`);
  return { loaded: hit.loaded, fk: toColumn(hit.link.foreignKey), ref: { ...ref, title: `${hit.loaded.screen.title}.${ref.title}` } };
}

function parseSuperQuery(raw: unknown): { field: string; rule: string; val: string }[] {
  if (typeof raw !== 'string' || !raw.trim()) return [];
  let text = raw;
  for (let i = 0; i < 3; i++) {
    try {
      const arr = JSON.parse(text);
      if (!Array.isArray(arr)) throw new Error('not array');
      return arr
        .filter((c) => c && c.field && c.rule && c.val !== undefined && c.val !== '')
        .map((c) => ({ field: String(c.field), rule: String(c.rule), val: String(c.val) }));
    } catch {
      try {
        text = decodeURIComponent(text);
      } catch {
        break;
      }
    }
  }
  throw new BizError('高级查询条件格式不正确');
}

/**
 * All WHERE conditions of a list request: plain field parameters (with `_begin`/`_end` and
 * `_MultiString` suffixes) AND-ed, plus the superQuery group joined by its match type.
 * Unknown parameters are ignored; columns always come from the schema, values are bound.
 */
export function buildConditions(loaded: LoadedScreen, params: Params): Cond[] {
  const conds: Cond[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    if (RESERVED.has(key) || key.startsWith('self_') || rawValue === undefined || rawValue === null) continue;
    const raw = Array.isArray(rawValue) ? String(rawValue[0]) : String(rawValue);
    if (raw === '') continue;
    const suffix = /^(.*)_(begin|end|MultiString)$/.exec(key);
    if (suffix) {
      const ref = resolveColumn(loaded, suffix[1]);
      if (!ref) continue;
      if (suffix[2] === 'MultiString') conds.push(inList(ref, raw.split(',').filter(Boolean)));
      else conds.push(rangeRule(ref, suffix[2] as 'begin' | 'end', raw));
      continue;
    }
    const ref = resolveColumn(loaded, key);
    if (!ref) continue;
    const c = valueRule(ref, raw);
    if (c) conds.push(c);
  }
  const sq = parseSuperQuery(params.superQueryParams);
  if (sq.length) {
    const parts: Cond[] = [];
    for (const c of sq) {
      const sub = subField(loaded, c.field);
      if (sub) {
        const p = superRule(sub.ref, c.rule, c.val);
        // a sub table's field: main rows having at least one matching sub row
        if (p) parts.push(sql`id in (select ${sql.ref(sub.fk)} from ${sql.table(sub.loaded.screen.tableName)} where ${p})`);
        continue;
      }
      const ref = resolveColumn(loaded, c.field);
      if (!ref) throw new BizError(`高级查询字段不存在：${c.field}`);
      const p = superRule(ref, c.rule, c.val);
      if (p) parts.push(p);
    }
    const joiner = String(params.superQueryMatchType ?? 'and').toLowerCase() === 'or' ? sql` or ` : sql` and `;
    if (parts.length) conds.push(sql`(${sql.join(parts, joiner)})`);
  }
  return conds;
}

/**
 * The sort keys of a list request: the requested columns (comma list, `_dictText` mapped to its
 * column) or the screen's default sort, then `id`, all in one direction. Unknown column, or a
 * field marked `sortable: false` → BizError (api-contract §4.1). Used for ORDER BY and for the export's keyset batches.
 */
export function orderKeys(loaded: LoadedScreen, column: unknown, order: unknown): { columns: string[]; dir: 'asc' | 'desc' } {
  const requested: 'asc' | 'desc' = typeof order === 'string' && /asc/i.test(order) ? 'asc' : 'desc';
  const defaultCol = loaded.screen.defaultSort
    ? toColumn(loaded.screen.defaultSort.column)
    : loaded.systemColumns.has('create_time')
      ? 'create_time'
      : 'id';
  const keys = typeof column === 'string' && column ? column.split(',') : [];
  const refs: string[] = [];
  for (const k of keys) {
    const ref = resolveColumn(loaded, k.replace(/_dictText$/, ''));
    if (!ref) throw new BizError(`请注意，将要排序的列字段不存在：${k}`);
    if (loaded.byColumn.get(ref.column)?.sortable === false) throw new BizError(ENGINE_TEXT.notSortable(ref.title));
    refs.push(ref.column);
  }
  if (!refs.length) refs.push(defaultCol);
  const dir = !keys.length && loaded.screen.defaultSort ? loaded.screen.defaultSort.order : requested;
  return { columns: [...refs, 'id'], dir };
}

/** ORDER BY from column/order (default create_time desc); unknown column → BizError (api-contract §4.1). */
export function buildOrder(loaded: LoadedScreen, column: unknown, order: unknown): RawBuilder<unknown> {
  const { columns, dir } = orderKeys(loaded, column, order);
  return sql.join(
    columns.map((c) => sql`${sql.ref(c)} ${sql.raw(dir)}`),
    sql`, `,
  );
}

/**
 * The condition "after `last`" in the order of `columns` (all `dir`, PostgreSQL's default
 * NULLS LAST for asc and NULLS FIRST for desc), for reading a sorted list in keyset batches.
 * Descending keys with no null value use one row comparison (index-friendly); otherwise the
 * lexicographic form with null-safe equality.
 */
export function afterKey(columns: string[], dir: 'asc' | 'desc', last: Record<string, unknown>): RawBuilder<unknown> {
  const values = columns.map((c) => last[c]);
  if (dir === 'desc' && values.every((v) => v !== null && v !== undefined)) {
    return sql`(${sql.join(columns.map((c) => sql.ref(c)))}) < (${sql.join(values)})`;
  }
  const branches: RawBuilder<unknown>[] = [];
  columns.forEach((c, i) => {
    const v = values[i];
    const equal = columns
      .slice(0, i)
      .map((p, j) => (values[j] === null || values[j] === undefined ? sql`${sql.ref(p)} is null` : sql`${sql.ref(p)} = ${values[j]}`));
    let after: RawBuilder<unknown> | null;
    if (v === null || v === undefined) after = dir === 'desc' ? sql`${sql.ref(c)} is not null` : null;
    else after = dir === 'desc' ? sql`${sql.ref(c)} < ${v}` : sql`(${sql.ref(c)} > ${v} or ${sql.ref(c)} is null)`;
    if (after) branches.push(sql`(${sql.join([...equal, after], sql` and `)})`);
  });
  return branches.length ? sql`(${sql.join(branches, sql` or `)})` : sql`false`;
}
