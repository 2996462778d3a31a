import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { BizError } from '../http/envelope.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { evaluate, rowScope, type ExprValue } from '../../shared/expr.js';
import { computePlan, storedValue } from '../../shared/compute-plan.js';
import { formatDate } from '../../shared/time.js';
import { toColumn } from '../../shared/columns.js';
import type { LoadedScreen, ScreenRegistry } from './screen-registry.js';
import { aggregateValue, hasTenant } from './compute/aggregate-sql.js';
import { ownerOf } from './compute/engine.js';

type Row = Record<string, unknown>;

/**
 * The row formulas (computed fields that need no aggregate) for a row about to be written: the
 * values by field, from `valueOf` (field name → current value, submitted or stored). Used before
 * validation, so a required computed value (e.g. a tax split) is there when it is checked.
 */
export function rowComputes(loaded: LoadedScreen, valueOf: (name: string) => unknown): Map<ScreenField, unknown> {
  const out = new Map<ScreenField, unknown>();
  const plan = computePlan(loaded.screen).rowOnly;
  if (!plan.length) return out;
  const values: Row = {};
  const scope = {
    today: formatDate(),
    get: (name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : valueOf(name)),
  };
  for (const p of plan) {
    const v = storedValue(p.field, evaluate(p.expr, scope) as ExprValue);
    values[p.field.name] = v;
    out.set(p.field, v);
  }
  return out;
}

/**
 * The cross-field rules of a written row (schema `checks`), evaluated on the row as stored after
 * its computed fields were filled; the first failing rule answers its message (BizError, so the
 * write's transaction rolls back). An expression that is null because a value is missing passes.
 */
export async function assertChecks(trx: Db, screens: ScreenRegistry, loaded: LoadedScreen, row: Row): Promise<void> {
  const checks = loaded.screen.checks ?? [];
  if (!checks.length) return;
  const own = (name: string) => (name === 'id' ? row.id : row[toColumn(name)]);
  const tenant = hasTenant(ownerOf(loaded)) ? Number(row.tenant_id ?? 0) : null;
  for (const c of checks) {
    const aggs: Row = {};
    for (const [name, agg] of Object.entries(c.aggregates ?? {})) {
      const source = screens.get(agg.from);
      if (source) aggs[name] = await aggregateValue(trx, source, agg, own, tenant);
    }
    if (evaluate(c.expr, rowScope(row, aggs, formatDate())) === false) throw new BizError(c.message);
  }
}

/**
 * The composite keys of a written row (schema `uniqueKeys`): no other row of the same tenant
 * holds the same combination (empty values count as values). Runs after the insert or update in
 * the same transaction, so rows written together are checked against each other too.
 */
export async function assertUniqueKeys(trx: Db, loaded: LoadedScreen, rows: readonly Row[]): Promise<void> {
  const keys = loaded.screen.uniqueKeys ?? [];
  if (!keys.length || !rows.length) return;
  const table = sql.table(loaded.screen.tableName);
  const tenant = hasTenant(ownerOf(loaded));
  for (const key of keys) {
    const cols = key.fields.map(toColumn);
    for (const row of rows) {
      const conds = cols.map((c) => sql`${sql.ref(c)} is not distinct from ${row[c] ?? null}`);
      if (tenant) conds.push(sql`tenant_id = ${Number(row.tenant_id ?? 0)}`);
      const n = (await sql<{ n: number }>`select count(*)::int as n from ${table} where ${sql.join(conds, sql` and `)}`.execute(trx))
        .rows[0].n;
      if (Number(n) > 1) {
        const titles = key.fields.map((f) => loaded.screen.fields.find((x) => x.name === f)?.title ?? f).join('+');
        throw new BizError(key.message ?? `「${titles}」组合已存在`);
      }
    }
  }
}
