import { useEffect, useState } from 'react';
import type { BpmnPrefix } from '../../../../shared/bpmn/extension-descriptor';
import { readListeners, replaceListeners, type ListenerData, type ListenerKind } from '../../../../shared/bpmn/listeners';

/** The bpmn-js modeler as the panel uses it (typed loosely: bpmn-js services are untyped). */
export interface Modeler {
  get<T = any>(name: string): T;
  on(event: string, cb: (e: any) => void): void;
  off(event: string, cb: (e: any) => void): void;
  saveXML(o?: { format?: boolean }): Promise<{ xml?: string }>;
  saveSVG(): Promise<{ svg: string }>;
  importXML(xml: string): Promise<unknown>;
  getDefinitions(): unknown;
  destroy(): void;
}
/** A diagram element (shape or connection) with its BPMN business object. */
export interface Element {
  id: string;
  type: string;
  businessObject: any;
  source?: Element;
}
type MiKind = 'none' | 'parallel' | 'sequential';
const bodyOf = (e: { body?: string } | undefined) => e?.body ?? '';

/**
 * Reads and writes one element's properties through bpmn-js `modeling` (each write undoable,
 * each emits `commandStack.changed`): plain attributes, the extension prefix's attributes
 * (`flowable:assignee` …), documentation, the multi-instance loop and a sequence flow's
 * condition, the task and execution listeners. Re-renders the caller whenever the element changes. Null without an element.
 */
export function useBpmnProps(modeler: Modeler, element: Element | null, prefix: BpmnPrefix) {
  const [, bump] = useState(0);
  useEffect(() => {
    const cb = () => bump((n) => n + 1);
    modeler.on('elements.changed', cb);
    return () => modeler.off('elements.changed', cb);
  }, [modeler]);
  if (!element) return null;
  const modeling = modeler.get('modeling');
  const moddle = modeler.get('moddle');
  const bo = element.businessObject;
  const update = (props: Record<string, unknown>) => modeling.updateProperties(element, props);
  const loop = () => bo.loopCharacteristics as any;
  const expr = (body: string) => (body ? moddle.create('bpmn:FormalExpression', { body }) : undefined);

  return {
    get: (name: string): string => bo.get(name) ?? '',
    set: update,
    ext: (name: string): string => bo.get(`${prefix}:${name}`) ?? '',
    setExt: (props: Record<string, string | undefined>) =>
      update(Object.fromEntries(Object.entries(props).map(([k, v]) => [`${prefix}:${k}`, v]))),
    documentation: (): string => bo.documentation?.[0]?.text ?? '',
    setDocumentation: (text: string) => update({ documentation: text ? [moddle.create('bpmn:Documentation', { text })] : [] }),
    multiInstance(): { kind: MiKind; loopCardinality: string; collection: string; elementVariable: string; completionCondition: string } {
      const l = loop();
      if (!l || l.$type !== 'bpmn:MultiInstanceLoopCharacteristics')
        return { kind: 'none', loopCardinality: '', collection: '', elementVariable: '', completionCondition: '' };
      return {
        kind: l.isSequential ? 'sequential' : 'parallel',
        loopCardinality: bodyOf(l.loopCardinality),
        collection: l.get(`${prefix}:collection`) ?? '',
        elementVariable: l.get(`${prefix}:elementVariable`) ?? '',
        completionCondition: bodyOf(l.completionCondition),
      };
    },
    setMultiInstance(kind: MiKind) {
      if (kind === 'none') return update({ loopCharacteristics: undefined });
      const l = loop() ?? moddle.create('bpmn:MultiInstanceLoopCharacteristics');
      l.isSequential = kind === 'sequential';
      update({ loopCharacteristics: l });
    },
    setLoop(v: { loopCardinality?: string; collection?: string; elementVariable?: string; completionCondition?: string }) {
      const l = loop();
      if (!l) return;
      const modelingProps: Record<string, unknown> = {};
      if (v.loopCardinality !== undefined) modelingProps.loopCardinality = expr(v.loopCardinality);
      if (v.completionCondition !== undefined) modelingProps.completionCondition = expr(v.completionCondition);
      if (v.collection !== undefined) modelingProps[`${prefix}:collection`] = v.collection || undefined;
      if (v.elementVariable !== undefined) modelingProps[`${prefix}:elementVariable`] = v.elementVariable || undefined;
      modeler.get('modeling').updateModdleProperties(element, l, modelingProps);
    },
    /** The listeners of `kind` in the element's extension elements. */
    listeners: (kind: ListenerKind): ListenerData[] => readListeners(bo, prefix, kind),
    /** Replaces the listeners of `kind` (one undoable command; other extension elements kept). */
    setListeners(kind: ListenerKind, list: ListenerData[]) {
      const values = replaceListeners(moddle, bo, prefix, kind, list);
      const ext = bo.extensionElements;
      if (!ext) {
        if (!values.length) return;
        const created = moddle.create('bpmn:ExtensionElements', { values });
        for (const v of values) v.$parent = created;
        return update({ extensionElements: created });
      }
      for (const v of values) v.$parent = ext;
      modeling.updateModdleProperties(element, ext, { values });
    },
    /** The flow condition of a sequence flow not leaving a start event; null otherwise. */
    flow(): { kind: 'normal' | 'default' | 'condition'; expression: string } | null {
      if (element.type !== 'bpmn:SequenceFlow' || element.source?.type === 'bpmn:StartEvent') return null;
      if (element.source?.businessObject.default === bo) return { kind: 'default', expression: '' };
      if (bo.conditionExpression) return { kind: 'condition', expression: bodyOf(bo.conditionExpression) };
      return { kind: 'normal', expression: '' };
    },
    setFlow(kind: 'normal' | 'default' | 'condition', expression: string) {
      const source = element.source!;
      const isDefault = source.businessObject.default === bo;
      if (kind === 'default') {
        modeling.updateProperties(source, { default: bo });
        return update({ conditionExpression: undefined });
      }
      if (isDefault) modeling.updateProperties(source, { default: undefined });
      update({ conditionExpression: kind === 'condition' ? moddle.create('bpmn:FormalExpression', { body: expression }) : undefined });
    },
  };
}
