import type { Aggregate, ScreenField, ScreenSchema } from './generated/screen-schema.js';
import { identifiers, roundTo, toNumber, type ExprValue } from './expr.js';

/** A computed field of a screen in evaluation order. */
export interface PlannedField {
  field: ScreenField;
  column: string;
  expr: string;
  aggregates: [name: string, agg: Aggregate][];
  /** Computed from the row alone (no aggregate, directly or through another computed field). */
  rowOnly: boolean;
}

/** The computed fields of a screen, ordered so every field comes after the computed fields it reads. */
export interface ComputePlan {
  fields: PlannedField[];
  rowOnly: PlannedField[];
}

/** Own-row field names an aggregate reads (its match targets and `{field}` references in where). */
export function aggregateReads(agg: Aggregate): string[] {
  const out = new Set(Object.values(agg.match));
  for (const v of Object.values(agg.where ?? {})) {
    const ops = v && typeof v === 'object' && !Array.isArray(v) && !('field' in (v as object)) ? Object.values(v as object) : [v];
    for (const o of ops) if (o && typeof o === 'object' && 'field' in (o as object)) out.add(String((o as { field: unknown }).field));
  }
  return [...out];
}

const plans = new WeakMap<ScreenSchema, ComputePlan>();

/**
 * The compute plan of a screen (schema `compute`), built once per schema object. Fields are
 * ordered topologically by what they read (a field may read its own submitted value, which is not
 * a dependency); a cycle between computed fields is an error the schema check reports.
 * @throws Error naming the fields of a cycle
 */
export function computePlan(screen: ScreenSchema): ComputePlan {
  const hit = plans.get(screen);
  if (hit) return hit;
  const computed = new Map(screen.fields.filter((f) => f.compute).map((f) => [f.name, f]));
  const deps = new Map<string, string[]>();
  for (const [name, f] of computed) {
    const aggs = Object.values(f.compute!.aggregates ?? {});
    const reads = new Set([...identifiers(f.compute!.expr), ...aggs.flatMap(aggregateReads)]);
    deps.set(
      name,
      [...reads].filter((r) => r !== name && computed.has(r)),
    );
  }
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`计算字段循环引用：${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const d of deps.get(name) ?? []) visit(d, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of computed.keys()) visit(name, []);
  const rowOnly = new Set<string>();
  const fields = order.map((name): PlannedField => {
    const f = computed.get(name)!;
    const aggregates = Object.entries(f.compute!.aggregates ?? {});
    const only = aggregates.length === 0 && (deps.get(name) ?? []).every((d) => rowOnly.has(d));
    if (only) rowOnly.add(name);
    return { field: f, column: toColumn(f.name), expr: f.compute!.expr, aggregates, rowOnly: only };
  });
  const plan = { fields, rowOnly: fields.filter((p) => p.rowOnly) };
  plans.set(screen, plan);
  return plan;
}

const toColumn = (name: string) => name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/**
 * A computed result as the field stores it: numbers rounded to the field's scale (dbPointLength,
 * default 2 for BigDecimal, 0 for int), text as text, null as null.
 */
export function storedValue(field: Pick<ScreenField, 'dbType' | 'dbPointLength'>, value: ExprValue): string | number | null {
  if (value === null || value === undefined) return null;
  switch (field.dbType) {
    case 'BigDecimal':
    case 'double': {
      const n = toNumber(value);
      return n === null ? null : roundTo(n, field.dbPointLength ?? 2);
    }
    case 'int': {
      const n = toNumber(value);
      return n === null ? null : roundTo(n, 0);
    }
    default:
      return typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
}
