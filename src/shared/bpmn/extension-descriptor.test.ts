import { describe, expect, it } from 'vitest';
import { BpmnModdle } from 'bpmn-moddle';
import { BPMN_PREFIXES, PREFIX_URI, extensionDescriptor, prefixOf, type BpmnPrefix } from './extension-descriptor';

/** A process using every extension element and attribute of spec 3 under `p`. */
function everyElement(p: BpmnPrefix): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:${p}="${PREFIX_URI[p]}" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="P" name="全部扩展" isExecutable="true" ${p}:candidateStarterGroups="admin" ${p}:candidateStarterUsers="yanglei" ${p}:versionTag="v1" ${p}:historyTimeToLive="30" ${p}:isStartableInTasklist="false" ${p}:processCategory="2">
  <bpmn:extensionElements>
    <${p}:executionListener event="start" class="com.example.StartListener"><${p}:field name="level"><${p}:string>high</${p}:string></${p}:field></${p}:executionListener>
    <${p}:executionListener event="end"><${p}:script scriptFormat="groovy">println 1</${p}:script></${p}:executionListener>
    <${p}:properties><${p}:property name="owner" value="finance" /></${p}:properties>
  </bpmn:extensionElements>
  <bpmn:startEvent id="s" ${p}:initiator="initiator" ${p}:formKey="start_form">
    <bpmn:extensionElements><${p}:formData businessKey="bk"><${p}:formField id="amount" label="金额" type="long" defaultValue="0"><${p}:validation><${p}:constraint name="required" config="true" /></${p}:validation><${p}:value id="a" name="A" /></${p}:formField></${p}:formData></bpmn:extensionElements>
  </bpmn:startEvent>
  <bpmn:userTask id="t" name="审批" ${p}:assignee="yanglei" ${p}:candidateUsers="lina,wangfang" ${p}:candidateGroups="finance" ${p}:dueDate="P1D" ${p}:followUpDate="P2D" ${p}:priority="50" ${p}:formKey="f" ${p}:skipExpression="\${skip}" ${p}:asyncBefore="true">
    <bpmn:extensionElements>
      <${p}:taskListener event="create" delegateExpression="\${notify}"><${p}:field name="channel" expression="\${c}" /></${p}:taskListener>
      <${p}:button id="b1" name="同意" code="approve" sort="1" />
      <${p}:assignee id="a1" type="user" value="yanglei" sort="1" />
      <${p}:condition id="c1" field="amount" compare="&gt;" value="5000" logic="and" sort="1" />
      <${p}:formProperty id="fp" name="意见" type="string" required="true" writable="false" />
    </bpmn:extensionElements>
    <bpmn:multiInstanceLoopCharacteristics ${p}:collection="signers" ${p}:elementVariable="signer" />
  </bpmn:userTask>
  <bpmn:callActivity id="ca" calledElement="Sub" ${p}:calledElementBinding="version" ${p}:calledElementVersion="2">
    <bpmn:extensionElements><${p}:in source="amount" target="amount" /><${p}:out variables="all" /></bpmn:extensionElements>
  </bpmn:callActivity>
</bpmn:process>
</bpmn:definitions>`;
}

/** Plain data of a moddle tree: own properties and `$type`, no parents or descriptors. */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = { $type: o.$type };
  for (const [k, x] of Object.entries(o)) if (!k.startsWith('$') && k !== 'di') out[k] = plain(x);
  if (o.$attrs && Object.keys(o.$attrs).length) out.$attrs = { ...(o.$attrs as object) };
  return out;
}

describe('the extension descriptor of each prefix', () => {
  for (const p of BPMN_PREFIXES) {
    it(`${p}: every extension element and attribute reads without warnings and survives save and re-import`, async () => {
      const moddle = new BpmnModdle({ [p]: extensionDescriptor(p) } as never);
      const first = await moddle.fromXML(everyElement(p));
      expect(first.warnings).toEqual([]);
      const { xml } = await moddle.toXML(first.rootElement, { format: true });
      expect(xml).toContain(`xmlns:${p}="${PREFIX_URI[p]}"`);
      expect(prefixOf(xml)).toBe(p);
      const second = await moddle.fromXML(xml);
      expect(second.warnings).toEqual([]);
      expect(plain(second.rootElement)).toEqual(plain(first.rootElement));

      // known extensions become typed properties, not unknown attributes
      const proc = second.rootElement.rootElements[0];
      expect(proc.get(`${p}:versionTag`)).toBe('v1');
      expect(proc.get(`${p}:isStartableInTasklist`)).toBe(false);
      const task = proc.flowElements.find((e: { id: string }) => e.id === 't');
      expect(task.get(`${p}:candidateUsers`)).toBe('lina,wangfang');
      expect(task.get(`${p}:asyncBefore`)).toBe(true);
      expect(task.$attrs).toEqual({});
      const types = task.extensionElements.values.map((e: { $type: string }) => e.$type);
      expect(types).toEqual([`${p}:TaskListener`, `${p}:Button`, `${p}:Assignee`, `${p}:Condition`, `${p}:FormProperty`]);
      expect(task.extensionElements.values[0].fields[0].expression).toBe('${c}');
      expect(task.loopCharacteristics.get(`${p}:collection`)).toBe('signers');
      const start = proc.flowElements.find((e: { id: string }) => e.id === 's');
      const field = start.extensionElements.values[0].fields[0];
      expect(field.validation.constraints[0]).toMatchObject({ name: 'required', config: 'true' });
      const listener = proc.extensionElements.values[1];
      expect(listener.script).toMatchObject({ scriptFormat: 'groovy', value: 'println 1' });
    });
  }
});
