import { describe, expect, it } from 'vitest';
import { BpmnModdle } from 'bpmn-moddle';
import { BPMN_PREFIXES, PREFIX_URI, extensionDescriptor, type BpmnPrefix } from './extension-descriptor';
import { emptyListener, listenerSections, readListeners, replaceListeners, type ListenerData } from './listeners';

const xmlOf = (p: BpmnPrefix) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:${p}="${PREFIX_URI[p]}" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="P" isExecutable="true">
  <bpmn:userTask id="t" ${p}:assignee="yanglei">
    <bpmn:extensionElements>
      <${p}:formProperty id="amount" name="金额" type="long" />
      <${p}:executionListener event="start" expression="\${audit.log(execution)}" />
    </bpmn:extensionElements>
  </bpmn:userTask>
</bpmn:process>
</bpmn:definitions>`;

async function load(p: BpmnPrefix) {
  const moddle = new BpmnModdle({ [p]: extensionDescriptor(p) } as never);
  const { rootElement } = await moddle.fromXML(xmlOf(p));
  const task = rootElement.rootElements[0].flowElements[0];
  /** Writes back, saves, re-imports and returns the re-imported task. */
  const roundTrip = async (values: any[]) => {
    task.extensionElements.values = values;
    for (const v of values) v.$parent = task.extensionElements;
    const { xml } = await moddle.toXML(rootElement, { format: true });
    const again = await moddle.fromXML(xml);
    expect(again.warnings).toEqual([]);
    return { task: again.rootElement.rootElements[0].flowElements[0], xml };
  };
  return { moddle, task, roundTrip };
}

const classListener: ListenerData = {
  ...emptyListener('task'),
  event: 'complete',
  value: 'com.example.NotifyListener',
  fields: [
    { name: 'channel', fieldType: 'string', value: 'sms' },
    { name: 'to', fieldType: 'expression', value: '${applicant}' },
  ],
};
const inlineScript: ListenerData = {
  ...emptyListener('task'),
  event: 'create',
  listenerType: 'scriptListener',
  scriptFormat: 'groovy',
  script: 'println task.id',
};
const resourceScript: ListenerData = {
  ...emptyListener('execution'),
  event: 'end',
  listenerType: 'scriptListener',
  scriptType: 'resource',
  scriptFormat: 'javascript',
  resource: 'classpath://end.js',
};

describe('listeners in the BPMN XML', () => {
  for (const p of BPMN_PREFIXES) {
    it(`${p}: reads an existing listener, adds task listeners with fields and scripts, round trips through bpmn-moddle`, async () => {
      const { moddle, task, roundTrip } = await load(p);
      expect(readListeners(task, p, 'task')).toEqual([]);
      expect(readListeners(task, p, 'execution')).toEqual([
        { ...emptyListener('execution'), listenerType: 'expressionListener', value: '${audit.log(execution)}' },
      ]);

      const added = await roundTrip(replaceListeners(moddle, task, p, 'task', [classListener, inlineScript]));
      expect(added.xml).toContain(`<${p}:taskListener class="com.example.NotifyListener" event="complete">`);
      expect(added.xml).toContain(`<${p}:string>sms</${p}:string>`);
      expect(added.xml).toContain(`<${p}:expression>\${applicant}</${p}:expression>`);
      expect(added.xml).toContain(`<${p}:script scriptFormat="groovy">println task.id</${p}:script>`);
      expect(readListeners(added.task, p, 'task')).toEqual([classListener, inlineScript]);
      // the other extension elements are kept
      expect(added.task.extensionElements.values.map((v: any) => v.$type)).toEqual([
        `${p}:FormProperty`,
        `${p}:ExecutionListener`,
        `${p}:TaskListener`,
        `${p}:TaskListener`,
      ]);
      expect(added.task.get(`${p}:assignee`)).toBe('yanglei');
    });

    it(`${p}: edits and removes listeners; a resource script keeps its resource`, async () => {
      const { moddle, task, roundTrip } = await load(p);
      const edited = { ...classListener, listenerType: 'delegateExpressionListener' as const, value: '${notifier}', fields: [] };
      const a = await roundTrip(replaceListeners(moddle, task, p, 'execution', [edited, resourceScript]));
      expect(a.xml).toContain(`delegateExpression="\${notifier}"`);
      expect(a.xml).toContain(`resource="classpath://end.js"`);
      expect(a.xml).not.toContain('audit.log');
      expect(readListeners(a.task, p, 'execution')).toEqual([edited, resourceScript]);

      const b = await roundTrip(replaceListeners(moddle, a.task, p, 'execution', [resourceScript]));
      expect(readListeners(b.task, p, 'execution')).toEqual([resourceScript]);
      const c = await roundTrip(replaceListeners(moddle, b.task, p, 'execution', []));
      expect(readListeners(c.task, p, 'execution')).toEqual([]);
      expect(c.xml).not.toContain('executionListener');
      expect(c.task.extensionElements.values.map((v: any) => v.$type)).toEqual([`${p}:FormProperty`]);
    });
  }

  it('shows task listeners on user tasks, execution listeners on all but exclusive gateways, global listeners on the process', () => {
    expect(listenerSections('bpmn:UserTask')).toEqual({ task: true, execution: true, global: false });
    expect(listenerSections('bpmn:ExclusiveGateway')).toEqual({ task: false, execution: false, global: false });
    expect(listenerSections('bpmn:SequenceFlow')).toEqual({ task: false, execution: true, global: false });
    expect(listenerSections('bpmn:Process')).toEqual({ task: false, execution: false, global: true });
  });
});
