import type { Aggregate } from '../../shared/generated/screen-schema.js';
import type { ScreenRegistry } from './screen-registry.js';

/**
 * Cross-screen rules of the loaded schemas: every aggregate (compute and checks) reads an existing
 * screen and names existing fields of it (field, match keys, where keys, orderBy). Returns the
 * problems, each naming the file and path (the start stops on any).
 */
export function checkScreenReferences(reg: ScreenRegistry): string[] {
  const problems: string[] = [];
  const check = (file: string, path: string, agg: Aggregate) => {
    const source = reg.get(agg.from);
    if (!source) return problems.push(`${file} ${path}: 汇总来源页面 ${agg.from} 不存在`);
    const names = new Set(['id', 'createTime', 'updateTime', ...source.screen.fields.map((f) => f.name)]);
    const used = [agg.field, agg.orderBy, ...Object.keys(agg.match), ...Object.keys(agg.where ?? {})].filter((x): x is string => !!x);
    for (const n of used) if (!names.has(n)) problems.push(`${file} ${path}: 页面 ${agg.from} 没有字段 ${n}`);
  };
  for (const { screen, file } of reg.list()) {
    screen.fields.forEach((f, i) => {
      for (const [name, agg] of Object.entries(f.compute?.aggregates ?? {})) check(file, `/fields/${i}/compute/aggregates/${name}`, agg);
    });
    (screen.checks ?? []).forEach((c, i) => {
      for (const [name, agg] of Object.entries(c.aggregates ?? {})) check(file, `/checks/${i}/aggregates/${name}`, agg);
    });
  }
  return problems;
}
