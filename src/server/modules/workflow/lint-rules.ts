import type { ModdleElement } from './diagram.js';
import { LINT_TEXT, UNSUPPORTED_EVENT, UNSUPPORTED_NODE } from './texts.js';

/** A bpmnlint rule's checker: called for every element of the diagram. */
interface RuleCheck {
  check(node: ModdleElement, reporter: { report(id: string, msg: string): void }): void;
}

/**
 * The flow nodes engine-runner.ts runs end to end: user tasks become tasks for people, plain
 * tasks and blank intermediate throw events pass through, exclusive, parallel and inclusive
 * gateways route, blank start events start and blank or terminate end events end. Anything else either never surfaces a task (a user task
 * inside a sub-process), has no assignee (a manual task) or waits for something nobody sends
 * (timers, messages, signals, conditions, escalations, receive tasks, called processes).
 */
const RUNNABLE = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:IntermediateThrowEvent',
  'bpmn:UserTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
]);
/** Event definitions a runnable event may carry: only the terminate end. */
const RUNNABLE_EVENT_DEFS: Record<string, string[]> = { 'bpmn:EndEvent': ['bpmn:TerminateEventDefinition'] };

/**
 * Why the engine cannot run `node`: the Chinese name of its kind (e.g. 定时边界事件, 调用活动),
 * or null when it runs. Only flow nodes are judged (flows, annotations and data pass).
 */
export function unsupportedKind(node: ModdleElement): string | null {
  const t = node.$type;
  const isFlowNode = (node as { $instanceOf?: (t: string) => boolean }).$instanceOf?.('bpmn:FlowNode') ?? false;
  if (!isFlowNode) return null;
  const defs = ((node.eventDefinitions as ModdleElement[] | undefined) ?? []).map((d) => d.$type);
  const eventKind = UNSUPPORTED_EVENT[t];
  if (RUNNABLE.has(t)) {
    const bad = defs.find((d) => !(RUNNABLE_EVENT_DEFS[t] ?? []).includes(d));
    return bad && eventKind ? eventKind(bad) : null;
  }
  if (eventKind) return eventKind(defs[0] ?? '');
  return UNSUPPORTED_NODE[t] ?? t.replace(/^bpmn:/, '');
}

/** Our rules beyond bpmnlint's recommended set: their Chinese text and bpmnlint rule factory. */
export const OWN_RULES: Record<string, { text: string | ((node: ModdleElement) => string); factory: () => RuleCheck }> = {
  'user-task-assignee': {
    text: LINT_TEXT.userTaskAssignee,
    factory: () => ({
      check(node, reporter) {
        if (node.$type !== 'bpmn:UserTask') return;
        const loop = node.loopCharacteristics as ModdleElement | undefined;
        const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
        if (has(node.assignee) || has(node.candidateUsers) || has(node.candidateGroups) || (loop && has(loop.collection))) return;
        reporter.report(String(node.id), 'user-task-assignee');
      },
    }),
  },
  'exclusive-gateway-flows': {
    text: LINT_TEXT.exclusiveGatewayFlows,
    factory: () => ({
      check(node, reporter) {
        if (node.$type !== 'bpmn:ExclusiveGateway') return;
        const outgoing = (node.outgoing as ModdleElement[] | undefined) ?? [];
        if (outgoing.length < 2) return;
        const bad = outgoing.find((f) => f !== node.default && !f.conditionExpression);
        if (bad) reporter.report(String(node.id), 'exclusive-gateway-flows');
      },
    }),
  },
  'supported-elements': {
    text: (node) => LINT_TEXT.unsupported(unsupportedKind(node) ?? ''),
    factory: () => ({
      check(node, reporter) {
        // bpmnlint's own no-complex-gateway already refuses complex gateways
        if (node.$type !== 'bpmn:ComplexGateway' && unsupportedKind(node)) reporter.report(String(node.id), 'supported-elements');
      },
    }),
  },
  'script-condition': {
    text: LINT_TEXT.scriptCondition,
    factory: () => ({
      check(node, reporter) {
        const cond = node.conditionExpression as ModdleElement | undefined;
        if (cond?.language) reporter.report(String(node.id), 'script-condition');
      },
    }),
  },
};
