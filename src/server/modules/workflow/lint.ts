import { createRequire } from 'node:module';
import { BizError } from '../../http/envelope.js';
import { elementLabel, flowElements, type Diagram, type ModdleElement } from './diagram.js';
import { OWN_RULES } from './lint-rules.js';
import { WF_TEXT } from './texts.js';

const require = createRequire(import.meta.url);
// bpmnlint is CommonJS: its linter, static resolver and recommended rules
const { Linter } = require('bpmnlint') as {
  Linter: new (o: { config: unknown; resolver: unknown }) => { lint(root: unknown): Promise<Record<string, LintReport[]>> };
};
const StaticResolver = require('bpmnlint/lib/resolver/static-resolver') as new (cache: Record<string, unknown>) => unknown;
const recommended = require('bpmnlint/config/recommended') as { rules: Record<string, string> };

interface LintReport {
  id?: string;
  message: string;
  category?: string;
}

/** Chinese texts of the recommended rules' findings (the element is named before them). */
const RULE_TEXT: Record<string, string> = {
  'ad-hoc-sub-process': '自由子流程的配置有误',
  'conditional-flows': '从分支节点出发的连线必须设置条件或设为默认流转',
  'end-event-required': '流程缺少结束事件',
  'event-based-gateway': '事件网关的后续节点配置有误',
  'event-sub-process-typed-start-event': '事件子流程的开始事件必须有类型',
  'label-required': '缺少名称',
  'link-event': '链接事件没有配对',
  'no-bpmndi': '缺少图形信息',
  'no-complex-gateway': '不支持复杂网关',
  'no-disconnected': '没有连线',
  'no-duplicate-sequence-flows': '存在重复的连线',
  'no-gateway-join-fork': '网关不能同时汇聚和分支',
  'no-implicit-split': '多条出线必须经过网关',
  'no-implicit-end': '缺少通往结束事件的出线',
  'no-implicit-start': '缺少来自开始事件的入线',
  'single-blank-start-event': '只能有一个空开始事件',
  'single-event-definition': '事件只能有一个定义',
  'start-event-required': '流程缺少开始事件',
  'sub-process-blank-start-event': '子流程的开始事件不能有类型',
};

const cache: Record<string, unknown> = {};
for (const name of Object.keys(recommended.rules)) cache[`rule:bpmnlint/${name}`] = require(`bpmnlint/rules/${name}`);
for (const [name, r] of Object.entries(OWN_RULES)) cache[`rule:bpmnlint-plugin-oa/${name}`] = r.factory;
const config = {
  rules: {
    ...recommended.rules,
    ...Object.fromEntries(Object.keys(OWN_RULES).map((n) => [`oa/${n}`, 'error'])),
  },
};

/** One refusal of a diagram: the rule, the element and the Chinese message naming it. */
export interface LintProblem {
  rule: string;
  elementId: string;
  message: string;
}

/**
 * Checks a diagram with bpmnlint's recommended rules (errors only; warnings pass) plus ours
 * (lint-rules.ts): every user task has an assignee, candidates or a multi-instance collection;
 * every outgoing flow of an exclusive gateway has a condition or is the default; no element the
 * engine cannot run; no script conditions. Returns the problems in diagram order, each naming
 * its element (empty when the diagram may be deployed).
 */
export async function lintDiagram(diagram: Diagram): Promise<LintProblem[]> {
  const linter = new Linter({ config, resolver: new StaticResolver(cache) });
  const results = await linter.lint(diagram.root);
  const byId = new Map<string, ModdleElement>();
  for (const el of flowElements(diagram.process)) if (el.id) byId.set(el.id, el);
  byId.set(String(diagram.process.id), diagram.process);
  const order = [...byId.keys()];
  const problems: LintProblem[] = [];
  for (const [rule, reports] of Object.entries(results)) {
    const short = rule.replace(/^(bpmnlint\/|oa\/|bpmnlint-plugin-oa\/)/, '');
    const severity = config.rules[rule as keyof typeof config.rules] ?? config.rules[short as keyof typeof config.rules];
    for (const r of reports) {
      if ((r.category ?? severity) !== 'error') continue;
      const el = byId.get(String(r.id)) ?? { id: r.id };
      const own = OWN_RULES[short]?.text;
      const text = (typeof own === 'function' ? own(el as ModdleElement) : own) ?? RULE_TEXT[short] ?? r.message;
      problems.push({ rule: short, elementId: String(r.id ?? ''), message: WF_TEXT.lintProblem(elementLabel(el as ModdleElement), text) });
    }
  }
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return problems.sort((a, b) => rank(a.elementId) - rank(b.elementId));
}

/**
 * Throws BizError when {@link lintDiagram} finds problems: its message names every one
 * (`流程校验未通过：甲（t1）：…；乙（t2）：…`), its result is the list of {@link LintProblem}.
 */
export async function assertDeployable(diagram: Diagram): Promise<void> {
  const problems = await lintDiagram(diagram);
  if (problems.length) throw new BizError(WF_TEXT.lint(problems.map((p) => p.message)), 500, problems);
}
