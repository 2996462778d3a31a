import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import type { Aggregate } from '../../../shared/generated/screen-schema.js';
import { evaluate, rowScope, type ExprValue } from '../../../shared/expr.js';
import { computePlan, storedValue } from '../../../shared/compute-plan.js';
import { toColumn } from '../../../shared/columns.js';
import { formatDate } from '../../../shared/time.js';
import type { LoadedScreen, ScreenRegistry } from '../screen-registry.js';
import { sqlType } from '../ddl.js';
import {
  aggregateValue,
  groupedValues,
  groupKey,
  hasTenant,
  ownRowValue,
  readsOwnRow,
  sourceGroups,
  type OwnValue,
} from './aggregate-sql.js';

type Row = Record<string, unknown>;

/** A row before and after a recompute (column keys, `tenant_id` included). */
export interface RowChange {
  before: Row;
  after: Row;
  changed: boolean;
}

interface Dependent {
  target: LoadedScreen;
  agg: Aggregate;
}

/** Most rows one write may recompute through its dependents (a guard against runaway chains). */
const MAX_CASCADE_ROWS = 20_000;

const blank = (v: unknown) => v === null || v === undefined || v === '';
const same = (a: unknown, b: unknown) => {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
};

/** The screen that owns a table's columns (a view's owner, else the screen itself). */
export const ownerOf = (l: LoadedScreen): LoadedScreen => l.owner ?? l;

/** Every column of the owner's table plus the tenant when the table has one. */
function selectList(loaded: LoadedScreen) {
  const owner = ownerOf(loaded);
  return sql.join([...owner.columns.map((c) => sql.ref(c)), ...(hasTenant(owner) ? [sql.ref('tenant_id')] : [])]);
}

/** The current rows `ids` of a screen's table (every column and the tenant), e.g. a write's "before". */
export async function snapshotRows(trx: Db, loaded: LoadedScreen, ids: readonly string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const table = sql.table(ownerOf(loaded).screen.tableName);
  return (await sql<Row>`select ${selectList(loaded)} from ${table} where id in (${sql.join([...ids])})`.execute(trx)).rows;
}

/**
 * The server side of computed fields (schema `compute`): it evaluates a row's formulas with the
 * aggregates they read — sums of sub rows, sums over other screens, values looked up from a
 * picked record — and stores the results, and after any write it recomputes the rows of other
 * screens (and of the same screen) whose aggregates read the written rows, again and again until
 * nothing changes. Every statement runs on the caller's transaction handle.
 */
export class ComputeEngine {
  private dependents = new Map<string, Dependent[]>();

  constructor(private readonly screens: ScreenRegistry) {
    for (const loaded of screens.list()) {
      if (loaded.screen.viewOf) continue;
      for (const p of computePlan(loaded.screen).fields)
        for (const [, agg] of p.aggregates) {
          const source = screens.get(agg.from);
          if (!source) continue;
          const key = ownerOf(source).screen.id;
          const list = this.dependents.get(key) ?? [];
          if (!list.some((d) => d.target === loaded && d.agg === agg)) list.push({ target: loaded, agg });
          this.dependents.set(key, list);
        }
    }
  }

  /** True when writes to the screen may change computed values (its own or other screens'). */
  matters(loaded: LoadedScreen): boolean {
    const owner = ownerOf(loaded);
    return computePlan(owner.screen).fields.length > 0 || (this.dependents.get(owner.screen.id)?.length ?? 0) > 0;
  }

  private source(agg: Aggregate): LoadedScreen {
    const s = this.screens.get(agg.from);
    if (!s) throw new Error(`unknown aggregate source ${agg.from}`);
    return s;
  }

  private selectList(owner: LoadedScreen) {
    return selectList(owner);
  }

  /**
   * Recomputes the computed fields of the rows `ids` of `loaded`'s table (the owner's plan for a
   * view) and writes the values that changed. Returns every row before and after.
   */
  async recompute(trx: Db, loaded: LoadedScreen, ids: readonly string[]): Promise<RowChange[]> {
    const owner = ownerOf(loaded);
    if (!ids.length) return [];
    const table = sql.table(owner.screen.tableName);
    const rows = (await sql<Row>`select ${this.selectList(owner)} from ${table} where id in (${sql.join([...ids])})`.execute(trx)).rows;
    const plan = computePlan(owner.screen).fields;
    const today = formatDate();
    const out: RowChange[] = [];
    for (const before of rows) {
      const after: Row = { ...before };
      const set: Row = {};
      const own: OwnValue = (name) => (name === 'id' ? after.id : after[toColumn(name)]);
      const tenant = hasTenant(owner) ? Number(before.tenant_id ?? 0) : null;
      for (const p of plan) {
        const aggs: Record<string, unknown> = {};
        for (const [name, agg] of p.aggregates) aggs[name] = await aggregateValue(trx, this.source(agg), agg, own, tenant);
        const value = storedValue(p.field, evaluate(p.expr, rowScope(after, aggs, today)) as ExprValue);
        if (!same(value, after[p.column])) set[p.column] = value;
        after[p.column] = value;
      }
      if (Object.keys(set).length)
        await trx
          .updateTable(owner.screen.tableName as never)
          .set(set as never)
          .where('id' as never, '=', before.id as never)
          .execute();
      out.push({ before, after, changed: Object.keys(set).length > 0 });
    }
    return out;
  }

  /**
   * After rows of `loaded` changed (`rows`: their versions before and after; deleted rows only
   * before), recomputes every row of every screen whose aggregates match one of those versions,
   * and continues from each row that changed, until nothing changes.
   */
  async propagate(trx: Db, loaded: LoadedScreen, rows: readonly Row[]): Promise<void> {
    const queue: { screen: LoadedScreen; rows: readonly Row[] }[] = [{ screen: ownerOf(loaded), rows }];
    let budget = MAX_CASCADE_ROWS;
    while (queue.length && budget > 0) {
      const { screen, rows: written } = queue.shift()!;
      for (const { target, agg } of this.dependents.get(screen.screen.id) ?? []) {
        const ids = await this.matchingIds(trx, target, agg, written);
        if (!ids.length) continue;
        budget -= ids.length;
        const changes = await this.recompute(trx, target, ids);
        const changed = changes.filter((c) => c.changed).flatMap((c) => [c.before, c.after]);
        if (changed.length) queue.push({ screen: target, rows: changed });
      }
    }
  }

  /** Ids of `target` rows whose aggregate `agg` matches one of the source rows (same tenant). */
  private async matchingIds(trx: Db, target: LoadedScreen, agg: Aggregate, sourceRows: readonly Row[]): Promise<string[]> {
    const pairs = Object.entries(agg.match).map(([src, own]) => ({
      src: src === 'id' ? 'id' : toColumn(src),
      own: own === 'id' ? 'id' : toColumn(own),
    }));
    const seen = new Set<string>();
    const tuples: unknown[][] = [];
    for (const r of sourceRows) {
      const t = [...pairs.map((p) => r[p.src]), Number(r.tenant_id ?? 0)];
      if (t.slice(0, -1).some((v) => v === null || v === undefined || v === '')) continue;
      const k = JSON.stringify(t);
      if (seen.has(k)) continue;
      seen.add(k);
      tuples.push(t);
    }
    if (!tuples.length) return [];
    const ids = new Set<string>();
    for (let i = 0; i < tuples.length; i += 200) {
      const ors = tuples
        .slice(i, i + 200)
        .map((t) =>
          sql.join(
            [
              ...pairs.map((p, j) => sql`${sql.ref(p.own)}::text = ${String(t[j])}`),
              ...(hasTenant(target) ? [sql`tenant_id = ${t[t.length - 1]}`] : []),
            ],
            sql` and `,
          ),
        );
      const found = await sql<{ id: string }>`select id from ${sql.table(target.screen.tableName)} where ${sql.join(
        ors.map((o) => sql`(${o})`),
        sql` or `,
      )}`.execute(trx);
      for (const r of found.rows) ids.add(r.id);
    }
    return [...ids];
  }

  /**
   * Recomputes every row of a screen's table at once (first-start seed, repairs): one grouped
   * query per aggregate (per-row queries only for aggregates whose where reads the own row), the
   * formulas in JS, changed rows written in batches. Tree tables whose aggregates read the same
   * table are repeated until stable (a parent's total after its children's). Returns the number
   * of rows changed.
   */
  async recomputeTable(db: Db, loaded: LoadedScreen): Promise<number> {
    const owner = ownerOf(loaded);
    const plan = computePlan(owner.screen).fields;
    if (!plan.length) return 0;
    const selfRead = plan.some((p) => p.aggregates.some(([, a]) => ownerOf(this.source(a)) === owner));
    let total = 0;
    for (let pass = 0; pass < (selfRead ? 8 : 1); pass++) {
      const changed = await this.recomputeTableOnce(db, owner, plan);
      total += changed;
      if (!changed) break;
    }
    return total;
  }

  private async recomputeTableOnce(db: Db, owner: LoadedScreen, plan: ReturnType<typeof computePlan>['fields']): Promise<number> {
    const grouped = new Map<Aggregate, Map<string, unknown>>();
    const perRow = new Map<Aggregate, Map<string, Row[]>>();
    for (const p of plan)
      for (const [, agg] of p.aggregates) {
        if (readsOwnRow(agg)) perRow.set(agg, await sourceGroups(db, this.source(agg), agg));
        else grouped.set(agg, await groupedValues(db, this.source(agg), agg));
      }
    const rows = (await sql<Row>`select ${this.selectList(owner)} from ${sql.table(owner.screen.tableName)}`.execute(db)).rows;
    const today = formatDate();
    const updates: Row[] = [];
    for (const before of rows) {
      const after: Row = { ...before };
      const set: Row = { id: before.id };
      const own: OwnValue = (name) => (name === 'id' ? after.id : after[toColumn(name)]);
      const tenant = hasTenant(owner) ? Number(before.tenant_id ?? 0) : 0;
      for (const p of plan) {
        const aggs: Record<string, unknown> = {};
        for (const [name, agg] of p.aggregates) {
          const map = grouped.get(agg);
          aggs[name] = map
            ? (map.get(groupKey(agg, own, tenant)) ?? (agg.fn === 'sum' || agg.fn === 'count' ? 0 : null))
            : ownRowValue(agg, perRow.get(agg)?.get(groupKey(agg, own, tenant)), own);
        }
        const value = storedValue(p.field, evaluate(p.expr, rowScope(after, aggs, today)) as ExprValue);
        if (!same(value, after[p.column])) set[p.column] = value;
        after[p.column] = value;
      }
      if (Object.keys(set).length > 1) updates.push(set);
    }
    await inTransaction(db, (trx) => writeUpdates(trx, owner, updates));
    return updates.length;
  }
}

/**
 * Writes recomputed values in batches: rows changing the same columns go in one
 * `update … from (values …)` of up to 500 rows (each value cast to its column's type).
 */
async function writeUpdates(trx: Db, owner: LoadedScreen, updates: readonly Row[]): Promise<void> {
  const groups = new Map<string, Row[]>();
  for (const u of updates) {
    const key = Object.keys(u)
      .filter((k) => k !== 'id')
      .sort()
      .join(',');
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  const types = new Map(owner.screen.fields.map((f) => [toColumn(f.name), sqlType(f)]));
  const table = sql.table(owner.screen.tableName);
  for (const [key, rows] of groups) {
    const cols = key.split(',');
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows
        .slice(i, i + 500)
        .map(
          (r) =>
            sql`(${sql.join([sql`${String(r.id)}::varchar`, ...cols.map((c) => sql`${r[c] ?? null}::${sql.raw(types.get(c) ?? 'text')}`)])})`,
        );
      await sql`update ${table} t set ${sql.join(cols.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`))}
        from (values ${sql.join(values)}) as v(${sql.join([sql.ref('id'), ...cols.map((c) => sql.ref(c))])}) where t.id = v.id`.execute(
        trx,
      );
    }
  }
}
