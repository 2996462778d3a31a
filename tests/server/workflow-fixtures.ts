/**
 * BPMN diagrams for the workflow tests, with their diagram interchange (bpmnlint's recommended
 * rules refuse a diagram without shapes). Nodes are laid out left to right; flows are straight.
 */
export interface FixtureNode {
  id: string;
  type: keyof typeof SIZE;
  name?: string;
  /** Extension attributes (prefixed with the diagram's prefix unless the key has one). */
  attrs?: Record<string, string>;
  /** Plain BPMN attributes (e.g. a boundary event's attachedToRef). */
  plain?: Record<string, string>;
  /** Inner XML (multi-instance loop, extension elements). */
  inner?: string;
}
export interface FixtureFlow {
  id: string;
  from: string;
  to: string;
  name?: string;
  condition?: string;
}

const SIZE = {
  startEvent: [36, 36],
  endEvent: [36, 36],
  intermediateCatchEvent: [36, 36],
  intermediateThrowEvent: [36, 36],
  boundaryEvent: [36, 36],
  userTask: [100, 80],
  scriptTask: [100, 80],
  manualTask: [100, 80],
  receiveTask: [100, 80],
  callActivity: [100, 80],
  subProcess: [100, 80],
  exclusiveGateway: [50, 50],
  parallelGateway: [50, 50],
  inclusiveGateway: [50, 50],
  eventBasedGateway: [50, 50],
} satisfies Record<string, [number, number]>;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A diagram of `nodes` joined by `flows` with the extension prefix `prefix`; a gateway's default flow by `defaults`. */
export function diagramXml(opts: {
  key: string;
  name: string;
  nodes: FixtureNode[];
  flows: FixtureFlow[];
  defaults?: Record<string, string>;
  prefix?: 'flowable' | 'camunda' | 'activiti';
}): string {
  const prefix = opts.prefix ?? 'flowable';
  const uri = { flowable: 'http://flowable.org/bpmn', camunda: 'http://camunda.org/schema/1.0/bpmn', activiti: 'http://activiti.org/bpmn' }[
    prefix
  ];
  const pos = new Map<string, { x: number; y: number; w: number; h: number }>();
  opts.nodes.forEach((n, i) => {
    const [w, h] = SIZE[n.type];
    pos.set(n.id, { x: 100 + i * 180, y: 200 - h / 2 + (n.id.startsWith('alt') ? 150 : 0), w, h });
  });
  const el = (n: FixtureNode) => {
    const attrs = Object.entries(n.attrs ?? {})
      .map(([k, v]) => ` ${k.includes(':') ? k : `${prefix}:${k}`}="${esc(v)}"`)
      .join('');
    const plain = Object.entries(n.plain ?? {})
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
    const def = opts.defaults?.[n.id] ? ` default="${opts.defaults[n.id]}"` : '';
    const ins = opts.flows.filter((f) => f.to === n.id).map((f) => `<bpmn:incoming>${f.id}</bpmn:incoming>`);
    const outs = opts.flows.filter((f) => f.from === n.id).map((f) => `<bpmn:outgoing>${f.id}</bpmn:outgoing>`);
    return `<bpmn:${n.type} id="${n.id}"${n.name ? ` name="${esc(n.name)}"` : ''}${def}${plain}${attrs}>${ins.join('')}${outs.join('')}${n.inner ?? ''}</bpmn:${n.type}>`;
  };
  const flow = (f: FixtureFlow) =>
    `<bpmn:sequenceFlow id="${f.id}"${f.name ? ` name="${esc(f.name)}"` : ''} sourceRef="${f.from}" targetRef="${f.to}">${
      f.condition ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(f.condition)}</bpmn:conditionExpression>` : ''
    }</bpmn:sequenceFlow>`;
  const shape = (n: FixtureNode) => {
    const p = pos.get(n.id)!;
    return `<bpmndi:BPMNShape id="${n.id}_di" bpmnElement="${n.id}"><dc:Bounds x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" /></bpmndi:BPMNShape>`;
  };
  const edge = (f: FixtureFlow) => {
    const a = pos.get(f.from)!;
    const b = pos.get(f.to)!;
    return `<bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}"><di:waypoint x="${a.x + a.w}" y="${a.y + a.h / 2}" /><di:waypoint x="${b.x}" y="${b.y + b.h / 2}" /></bpmndi:BPMNEdge>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:${prefix}="${uri}" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="${opts.key}" name="${esc(opts.name)}" isExecutable="true">
${opts.nodes.map(el).join('\n')}
${opts.flows.map(flow).join('\n')}
</bpmn:process>
<bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${opts.key}">
${opts.nodes.map(shape).join('\n')}
${opts.flows.map(edge).join('\n')}
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

/**
 * 报销审批 as the tests run it: 部门审批 (yanglei) → 财务会签 (lina and wangfang in parallel,
 * completion when all approved) → amount above 5000 goes to 总经理审批 (candidates: the
 * general_manager role), otherwise to the end.
 */
export function expenseProcess(key = 'oa_expense_approval', prefix: 'flowable' | 'camunda' | 'activiti' = 'flowable'): string {
  return diagramXml({
    key,
    name: '报销审批',
    prefix,
    nodes: [
      { id: 'start', type: 'startEvent', name: '开始', attrs: { initiator: 'initiator' } },
      { id: 'deptApprove', type: 'userTask', name: '部门审批', attrs: { assignee: 'yanglei' } },
      {
        id: 'financeSign',
        type: 'userTask',
        name: '财务会签',
        attrs: { assignee: '${signer}' },
        inner: `<bpmn:multiInstanceLoopCharacteristics ${prefix}:collection="lina,wangfang" ${prefix}:elementVariable="signer"><bpmn:completionCondition xsi:type="bpmn:tFormalExpression">\${nrOfCompletedInstances == nrOfInstances}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics>`,
      },
      { id: 'gw', type: 'exclusiveGateway', name: '金额判断' },
      { id: 'gmApprove', type: 'userTask', name: '总经理审批', attrs: { candidateGroups: 'general_manager' } },
      { id: 'end', type: 'endEvent', name: '结束' },
    ],
    flows: [
      { id: 'f1', from: 'start', to: 'deptApprove' },
      { id: 'f2', from: 'deptApprove', to: 'financeSign' },
      { id: 'f3', from: 'financeSign', to: 'gw' },
      { id: 'f4', from: 'gw', to: 'gmApprove', name: '大于5000', condition: '${totalAmount > 5000}' },
      { id: 'f5', from: 'gw', to: 'end', name: '其他' },
      { id: 'f6', from: 'gmApprove', to: 'end' },
    ],
    defaults: { gw: 'f5' },
  });
}
