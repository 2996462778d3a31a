import type { Aggregate, ScreenSchema } from './generated/screen-schema.js';
import { exprProblem, identifiers } from './expr.js';
import { aggregateReads, computePlan } from './compute-plan.js';
import { parseDictCondition } from './dict-condition.js';
import type { SchemaProblem } from './schema-check.js';
import { persistedFields } from './columns.js';
import { toProperty } from './row-keys.js';
import { dbDefaultProblem } from './db-default.js';
import { unknownHrefNames } from './field-href.js';
import { DICT_QUERY_WIDGETS } from './widget-types.js';

/**
 * The rules of one screen's declarations a JSON Schema cannot say: every expression
 * (compute, checks, workflow condition and set) parses and names only fields of the screen, its
 * own aggregates or `id`; aggregates name own fields in match and where; computed fields form no
 * cycle; workflow, fixedValues and uniqueKeys name existing fields, indexes stored ones; the default sort is
 * not on a field marked sortable false; a query default sits on a queryable field (numbers on numeric ones); a query widget
 * on a single-value query condition (a dictionary one on a field with a dictCode); a db default is a literal
 * its column holds; a table dictionary's
 * condition has the allowed form. Cross-screen references (aggregate sources) are checked by the
 * server's registry. Returns the problems found.
 */
export function checkDeclarations(screen: ScreenSchema, file: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const names = new Set(['id', ...screen.fields.map((f) => f.name)]);
  const push = (path: string, message: string) => problems.push({ file, path, message });
  const expr = (path: string, src: string, extra: Iterable<string> = []) => {
    const bad = exprProblem(src);
    if (bad) return push(path, bad);
    const known = new Set([...names, ...extra]);
    for (const id of identifiers(src)) if (!known.has(id)) push(path, `表达式中的名称 ${id} 不是本页面的字段`);
  };
  const aggregates = (path: string, aggs: Record<string, Aggregate> | undefined) => {
    for (const [name, agg] of Object.entries(aggs ?? {})) {
      for (const own of aggregateReads(agg)) if (!names.has(own)) push(`${path}/${name}`, `汇总 ${name} 引用的字段 ${own} 不存在`);
      if (agg.fn !== 'count' && !agg.field) push(`${path}/${name}`, `汇总 ${name} 需要 field`);
    }
  };
  screen.fields.forEach((f, i) => {
    if (f.compute) {
      expr(`/fields/${i}/compute/expr`, f.compute.expr, Object.keys(f.compute.aggregates ?? {}));
      aggregates(`/fields/${i}/compute/aggregates`, f.compute.aggregates);
    }
    for (const name of f.fieldHref ? unknownHrefNames(screen, f.fieldHref) : [])
      push(`/fields/${i}/fieldHref`, `字段 ${f.name} 的跳转链接中 \${${name}} 不是本页面的字段`);
    const badDefault = dbDefaultProblem(f);
    if (badDefault) push(`/fields/${i}/dbDefault`, badDefault);
    if (f.queryDefault !== undefined) {
      const parts = f.queryMode === 'range' ? f.queryDefault.split(',') : [f.queryDefault];
      const numeric = f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'BigDecimal';
      if (!f.queryMode) push(`/fields/${i}/queryDefault`, `字段 ${f.name} 不是查询条件，不能设置查询默认值`);
      else if (parts.length > 2) push(`/fields/${i}/queryDefault`, `字段 ${f.name} 的范围查询默认值应为「开始,结束」`);
      else if (numeric && parts.some((p) => p.trim() !== '' && !Number.isFinite(Number(p))))
        push(`/fields/${i}/queryDefault`, `字段 ${f.name} 的查询默认值应为数字`);
    }
    if (f.queryWidget !== undefined) {
      if (f.queryMode !== 'single') push(`/fields/${i}/queryWidget`, `字段 ${f.name} 不是单值查询条件，不能设置查询控件`);
      else if (DICT_QUERY_WIDGETS.has(f.queryWidget) && !f.dictCode)
        push(`/fields/${i}/queryWidget`, `字段 ${f.name} 的查询控件 ${f.queryWidget} 需要字典（dictCode）`);
    }
    if (f.dictCode && f.dictCode.split(',').length > 3 && !parseDictCondition(f.dictCode.split(',').slice(3).join(',')))
      push(`/fields/${i}/dictCode`, `字段 ${f.name} 的字典条件只能是 column='value' 或 column in ('a','b')，以 and 连接`);
  });
  if (!problems.length) {
    try {
      computePlan(screen);
    } catch (e) {
      push('/fields', (e as Error).message);
    }
  }
  (screen.checks ?? []).forEach((c, i) => {
    expr(`/checks/${i}/expr`, c.expr, Object.keys(c.aggregates ?? {}));
    aggregates(`/checks/${i}/aggregates`, c.aggregates);
    if (c.field && !names.has(c.field)) push(`/checks/${i}/field`, `字段 ${c.field} 不存在`);
  });
  const wf = screen.workflow;
  if (wf) {
    for (const k of ['statusField', 'ownerField'] as const) if (wf[k] && !names.has(wf[k]!)) push(`/workflow/${k}`, `字段 ${wf[k]} 不存在`);
    const codes = new Set<string>();
    wf.actions.forEach((a, i) => {
      if (codes.has(a.code)) push(`/workflow/actions/${i}/code`, `动作 ${a.code} 重复`);
      codes.add(a.code);
      if (a.actor && a.actor !== 'any' && !wf.ownerField)
        push(`/workflow/actions/${i}/actor`, '按申请人限制的动作需要 workflow.ownerField');
      if (a.condition) expr(`/workflow/actions/${i}/condition`, a.condition);
      for (const [k, v] of Object.entries(a.set ?? {})) {
        if (!names.has(k)) push(`/workflow/actions/${i}/set/${k}`, `字段 ${k} 不存在`);
        expr(`/workflow/actions/${i}/set/${k}`, v);
      }
    });
  }
  for (const k of Object.keys(screen.fixedValues ?? {})) if (!names.has(k)) push(`/fixedValues/${k}`, `字段 ${k} 不存在`);
  (screen.uniqueKeys ?? []).forEach((u, i) =>
    u.fields.forEach((f, j) => {
      if (!names.has(f)) push(`/uniqueKeys/${i}/fields/${j}`, `字段 ${f} 不存在`);
    }),
  );
  const sorted =
    screen.defaultSort &&
    screen.fields.find((f) => f.name === screen.defaultSort?.column || f.name === toProperty(screen.defaultSort?.column ?? ''));
  if (sorted && sorted.sortable === false) push('/defaultSort/column', `默认排序字段 ${sorted.name} 不允许排序（sortable 为 false）`);
  const stored = new Set(persistedFields(screen).map((f) => f.name));
  (screen.indexes ?? []).forEach((x, i) =>
    x.fields.forEach((f, j) => {
      if (!stored.has(f)) push(`/indexes/${i}/fields/${j}`, `索引字段 ${f} 不存在或不是表中的列`);
    }),
  );
  return problems;
}
