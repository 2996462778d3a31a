import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Aggregate } from '../../../shared/generated/screen-schema.js';
import { toColumn } from '../../../shared/columns.js';
import type { LoadedScreen } from '../screen-registry.js';

type Row = Record<string, unknown>;
/** Own-row values by field name (`id` included). */
export type OwnValue = (name: string) => unknown;

const isFieldRef = (v: unknown): v is { field: string } => !!v && typeof v === 'object' && !Array.isArray(v) && 'field' in v;
const OPS: Record<string, string> = { eq: '=', lt: '<', le: '<=', gt: '>', ge: '>=' };

/** True when a where entry compares with a field of the own row (so the aggregate is per row, not groupable). */
export function readsOwnRow(agg: Aggregate): boolean {
  return Object.values(agg.where ?? {}).some(
    (v) => isFieldRef(v) || (v && typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).some(isFieldRef)),
  );
}

/** Whether rows of `source` carry a tenant (schema-owned tables do). */
export const hasTenant = (l: LoadedScreen) => l.screen.tableSource !== 'migration';

/**
 * The conditions on the source rows every aggregate has besides its match: the where entries
 * (own-row references read through `own`), the source's fixed values, its excluded workflow
 * states (已作废 never counts) and the tenant.
 */
export function sourceConditions(source: LoadedScreen, agg: Aggregate, own: OwnValue, tenant: number | null): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  const ref = (name: string) => sql.ref(`s.${toColumn(name)}`);
  const value = (v: unknown) => (isFieldRef(v) ? own(v.field) : v);
  for (const [name, spec] of Object.entries(agg.where ?? {})) {
    const ops: [string, unknown][] =
      spec && typeof spec === 'object' && !Array.isArray(spec) && !isFieldRef(spec) ? Object.entries(spec) : [['eq', spec]];
    for (const [op, raw] of ops) {
      const v = value(raw);
      const list = Array.isArray(v) ? v : [v];
      if (op === 'in' || (op === 'eq' && Array.isArray(v))) out.push(list.length ? sql`${ref(name)} in (${sql.join(list)})` : sql`false`);
      else if (op === 'notIn') out.push(list.length ? sql`(${ref(name)} is null or ${ref(name)} not in (${sql.join(list)}))` : sql`true`);
      else if (op === 'ne') out.push(sql`${ref(name)} is distinct from ${v}`);
      else if (OPS[op]) out.push(v === null || v === undefined ? sql`false` : sql`${ref(name)} ${sql.raw(OPS[op])} ${v}`);
    }
  }
  for (const [name, v] of Object.entries(source.screen.fixedValues ?? {})) out.push(sql`${ref(name)} = ${v}`);
  const wf = source.screen.workflow;
  if (wf?.excludedStates?.length)
    out.push(sql`(${ref(wf.statusField)} is null or ${ref(wf.statusField)} not in (${sql.join(wf.excludedStates)}))`);
  if (tenant !== null && hasTenant(source)) out.push(sql`s.tenant_id = ${tenant}`);
  return out;
}

/** The select expression of an aggregate over source alias `s`. */
function valueExpr(agg: Aggregate): RawBuilder<unknown> {
  const col = agg.field ? sql.ref(`s.${toColumn(agg.field)}`) : sql`null`;
  switch (agg.fn) {
    case 'sum':
      return sql`coalesce(sum(${col}), 0)`;
    case 'count':
      return sql`count(*)`;
    case 'min':
      return sql`min(${col})`;
    case 'max':
      return sql`max(${col})`;
    default:
      return col;
  }
}

/** Order of first/last: the orderBy field, then creation time and id (last = the latest). */
function lookupOrder(agg: Aggregate, source: LoadedScreen): RawBuilder<unknown> {
  const dir = sql.raw(agg.fn === 'last' ? 'desc' : 'asc');
  const keys: RawBuilder<unknown>[] = [];
  if (agg.orderBy) keys.push(sql`${sql.ref(`s.${toColumn(agg.orderBy)}`)} ${dir} nulls last`);
  if (source.systemColumns.has('create_time')) keys.push(sql`s.create_time ${dir}`);
  keys.push(sql`s.id ${dir}`);
  return sql.join(keys);
}

/**
 * The value of one aggregate for one own row: sum (0 without rows), count, min, max, or the field
 * of the first/last matching row. A match whose own value is empty matches nothing.
 */
export async function aggregateValue(db: Db, source: LoadedScreen, agg: Aggregate, own: OwnValue, tenant: number | null): Promise<unknown> {
  const conds = sourceConditions(source, agg, own, tenant);
  for (const [src, ownField] of Object.entries(agg.match)) {
    const v = own(ownField);
    conds.push(v === null || v === undefined || v === '' ? sql`false` : sql`${sql.ref(`s.${toColumn(src)}`)} = ${v}`);
  }
  const table = sql`${sql.table(source.screen.tableName)} s`;
  const where = sql.join(conds, sql` and `);
  if (agg.fn === 'first' || agg.fn === 'last') {
    const r =
      await sql<Row>`select ${valueExpr(agg)} as v from ${table} where ${where} order by ${lookupOrder(agg, source)} limit 1`.execute(db);
    return r.rows[0]?.v ?? null;
  }
  const r = await sql<Row>`select ${valueExpr(agg)} as v from ${table} where ${where}`.execute(db);
  return r.rows[0]?.v ?? null;
}

/**
 * One aggregate for every group of source rows at once (bulk recompute): a map from the match
 * values and tenant (JSON of [values…, tenant]) to the value. Only for aggregates whose where
 * does not read the own row.
 */
export async function groupedValues(db: Db, source: LoadedScreen, agg: Aggregate): Promise<Map<string, unknown>> {
  const keys = Object.keys(agg.match).map((k) => sql.ref(`s.${toColumn(k)}`));
  const tenant = hasTenant(source) ? sql`s.tenant_id` : sql`0`;
  const conds = sourceConditions(source, agg, () => null, null);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const table = sql`${sql.table(source.screen.tableName)} s`;
  const group = sql.join([...keys, tenant]);
  const rows =
    agg.fn === 'first' || agg.fn === 'last'
      ? await sql<Row>`select distinct on (${group}) ${sql.join(keys.map((k, i) => sql`${k}::text as ${sql.ref(`k${i}`)}`))}, ${tenant} as t, ${valueExpr(agg)} as v
          from ${table} ${where} order by ${group}, ${lookupOrder(agg, source)}`.execute(db)
      : await sql<Row>`select ${sql.join(keys.map((k, i) => sql`${k}::text as ${sql.ref(`k${i}`)}`))}, ${tenant} as t, ${valueExpr(agg)} as v
          from ${table} ${where} group by ${group}`.execute(db);
  const out = new Map<string, unknown>();
  for (const r of rows.rows) out.set(JSON.stringify([...keys.map((_, i) => r[`k${i}`]), Number(r.t)]), r.v);
  return out;
}

/** The key of an own row in {@link groupedValues}' map. */
export function groupKey(agg: Aggregate, own: OwnValue, tenant: number): string {
  return JSON.stringify([
    ...Object.values(agg.match).map((f) => {
      const v = own(f);
      return v === null || v === undefined ? null : String(v);
    }),
    tenant,
  ]);
}

/**
 * The source rows of an aggregate whose where reads the own row (bulk recompute): every row
 * passing the static conditions, with the match, own-row comparison, order and value columns,
 * grouped by match values and tenant ({@link groupKey}). The caller filters each group per own
 * row with {@link ownRowValue}.
 */
export async function sourceGroups(db: Db, source: LoadedScreen, agg: Aggregate): Promise<Map<string, Row[]>> {
  const dynamic = Object.entries(agg.where ?? {}).filter(
    ([, v]) => isFieldRef(v) || (v && typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).some(isFieldRef)),
  );
  const staticWhere = Object.fromEntries(Object.entries(agg.where ?? {}).filter(([k]) => !dynamic.some(([d]) => d === k)));
  const conds = sourceConditions(source, { ...agg, where: staticWhere }, () => null, null);
  const cols = [
    ...new Set([
      'id',
      ...Object.keys(agg.match),
      ...dynamic.map(([k]) => k),
      ...(agg.field ? [agg.field] : []),
      ...(agg.orderBy ? [agg.orderBy] : []),
    ]),
  ];
  const select = sql.join([
    ...cols.map((c) => sql`s.${sql.ref(toColumn(c))} as ${sql.ref(c)}`),
    hasTenant(source) ? sql`s.tenant_id as ${sql.ref('__tenant')}` : sql`0 as ${sql.ref('__tenant')}`,
    source.systemColumns.has('create_time') ? sql`s.create_time as ${sql.ref('__created')}` : sql`null as ${sql.ref('__created')}`,
  ]);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const rows = (await sql<Row>`select ${select} from ${sql.table(source.screen.tableName)} s ${where}`.execute(db)).rows;
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const key = JSON.stringify([
      ...Object.keys(agg.match).map((k) => (r[k] === null || r[k] === undefined ? null : String(r[k]))),
      Number(r.__tenant),
    ]);
    const list = out.get(key) ?? [];
    list.push(r);
    out.set(key, list);
  }
  return out;
}

const compareOp = (op: string, a: unknown, b: unknown): boolean => {
  if (a === null || a === undefined || b === null || b === undefined) return op === 'ne' ? !(a === b || (a == null && b == null)) : false;
  const na = typeof a === 'number' ? a : Number(a);
  const nb = typeof b === 'number' ? b : Number(b);
  const c =
    Number.isFinite(na) && Number.isFinite(nb) && typeof a !== 'string'
      ? na - nb
      : String(a) < String(b)
        ? -1
        : String(a) > String(b)
          ? 1
          : 0;
  switch (op) {
    case 'eq':
      return String(a) === String(b);
    case 'ne':
      return String(a) !== String(b);
    case 'lt':
      return c < 0;
    case 'le':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'ge':
      return c >= 0;
    default:
      return true;
  }
};

/** The value of an own-row aggregate from its source group (see {@link sourceGroups}); the same result as {@link aggregateValue}. */
export function ownRowValue(agg: Aggregate, group: readonly Row[] | undefined, own: OwnValue): unknown {
  const rows = (group ?? []).filter((r) =>
    Object.entries(agg.where ?? {}).every(([name, spec]) => {
      const ops: [string, unknown][] = isFieldRef(spec)
        ? [['eq', spec]]
        : spec && typeof spec === 'object' && !Array.isArray(spec)
          ? Object.entries(spec)
          : [];
      return ops.every(([op, v]) => !isFieldRef(v) || compareOp(op, r[name], own(v.field)));
    }),
  );
  const values = agg.field ? rows.map((r) => r[agg.field!]) : [];
  switch (agg.fn) {
    case 'sum':
      return rows.reduce((a, r) => a + (Number(r[agg.field!]) || 0), 0);
    case 'count':
      return rows.length;
    case 'min':
    case 'max': {
      const present = values.filter((v) => v !== null && v !== undefined);
      if (!present.length) return null;
      return present.reduce((a, b) => ((agg.fn === 'min' ? String(b) < String(a) : String(b) > String(a)) ? b : a));
    }
    default: {
      const sorted = [...rows].sort((a, b) => {
        const k = agg.orderBy ? String(a[agg.orderBy] ?? '').localeCompare(String(b[agg.orderBy] ?? '')) : 0;
        return k || String(a.__created ?? '').localeCompare(String(b.__created ?? '')) || String(a.id).localeCompare(String(b.id));
      });
      const pick = agg.fn === 'last' ? sorted[sorted.length - 1] : sorted[0];
      return pick ? pick[agg.field!] : null;
    }
  }
}
