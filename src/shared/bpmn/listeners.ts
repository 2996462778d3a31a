import type { BpmnPrefix } from './extension-descriptor.js';
import type { ListenerType } from './process-texts.js';

/** Which listener element: an execution listener (any element but exclusive gateways) or a task listener (user tasks). */
export type ListenerKind = 'execution' | 'task';

/** A listener field (spec 3): name, fieldType string or expression, its value. */
export interface ListenerField {
  name: string;
  fieldType: 'string' | 'expression';
  value: string;
}

/**
 * A listener as the listener editor shows it (spec 3): event, listenerType, the value of a
 * class / expression / delegateExpression listener, the script of a script listener (inline body
 * or resource, scriptFormat) and the fields.
 */
export interface ListenerData {
  event: string;
  listenerType: ListenerType;
  value: string;
  scriptType: 'inline' | 'resource';
  scriptFormat: string;
  script: string;
  resource: string;
  fields: ListenerField[];
}

/** The moddle factory as bpmn-js (`modeler.get('moddle')`) and bpmn-moddle both expose it. */
export interface ModdleLike {
  create(type: string, attrs?: Record<string, unknown>): any;
}

/** The moddle type of a listener kind under `prefix` (`flowable:ExecutionListener` …). */
export function listenerTypeName(prefix: BpmnPrefix, kind: ListenerKind): string {
  return `${prefix}:${kind === 'task' ? 'TaskListener' : 'ExecutionListener'}`;
}

/** An empty listener of a kind (the editor's new row): event start / create, class type. */
export function emptyListener(kind: ListenerKind): ListenerData {
  return {
    event: kind === 'task' ? 'create' : 'start',
    listenerType: 'classListener',
    value: '',
    scriptType: 'inline',
    scriptFormat: '',
    script: '',
    resource: '',
    fields: [],
  };
}

const ATTR_OF: Record<Exclude<ListenerType, 'scriptListener'>, 'class' | 'expression' | 'delegateExpression'> = {
  classListener: 'class',
  expressionListener: 'expression',
  delegateExpressionListener: 'delegateExpression',
};

/** One listener moddle element read into the editor's shape. */
function readOne(el: any): ListenerData {
  const data = emptyListener('execution');
  data.event = el.event ?? '';
  if (el.script) {
    data.listenerType = 'scriptListener';
    data.scriptFormat = el.script.scriptFormat ?? '';
    data.scriptType = el.script.resource ? 'resource' : 'inline';
    data.resource = el.script.resource ?? '';
    data.script = el.script.value ?? '';
  } else {
    const hit = (Object.keys(ATTR_OF) as (keyof typeof ATTR_OF)[]).find((t) => el[ATTR_OF[t]]);
    data.listenerType = hit ?? 'classListener';
    data.value = hit ? String(el[ATTR_OF[hit]]) : '';
  }
  data.fields = (el.fields ?? []).map((f: any) =>
    f.expression !== undefined
      ? { name: f.name ?? '', fieldType: 'expression' as const, value: f.expression }
      : { name: f.name ?? '', fieldType: 'string' as const, value: f.string ?? f.stringValue ?? '' },
  );
  return data;
}

/**
 * The listeners of one kind an element's business object carries in its extension elements
 * (spec 2.7, 3), in document order. Input: the business object, the diagram's prefix, the kind.
 */
export function readListeners(bo: any, prefix: BpmnPrefix, kind: ListenerKind): ListenerData[] {
  const type = listenerTypeName(prefix, kind);
  return (bo?.extensionElements?.values ?? []).filter((v: any) => v.$type === type).map(readOne);
}

/**
 * A new listener moddle element from the editor's data: the value attribute of its type, or a
 * script child (inline body or resource, scriptFormat); one field child per field holding a
 * `string` or `expression` child.
 */
export function createListener(moddle: ModdleLike, prefix: BpmnPrefix, kind: ListenerKind, data: ListenerData): any {
  const attrs: Record<string, unknown> = { event: data.event };
  if (data.listenerType === 'scriptListener') {
    const script: Record<string, unknown> = { scriptFormat: data.scriptFormat || undefined };
    if (data.scriptType === 'resource') script.resource = data.resource;
    else script.value = data.script;
    attrs.script = moddle.create(`${prefix}:Script`, script);
  } else {
    attrs[ATTR_OF[data.listenerType]] = data.value;
  }
  const el = moddle.create(listenerTypeName(prefix, kind), attrs);
  if (attrs.script) (attrs.script as any).$parent = el;
  el.fields = data.fields.map((f) => {
    const field = moddle.create(`${prefix}:Field`, { name: f.name, [f.fieldType]: f.value });
    field.$parent = el;
    return field;
  });
  return el;
}

/**
 * The extension-element values of `bo` with its listeners of `kind` replaced by `list`: every
 * other extension element (properties, buttons, listeners of the other kind) is kept in its order,
 * the new listeners follow them. Returns a new array (the caller hands it to modeling).
 */
export function replaceListeners(moddle: ModdleLike, bo: any, prefix: BpmnPrefix, kind: ListenerKind, list: ListenerData[]): any[] {
  const type = listenerTypeName(prefix, kind);
  const others = (bo?.extensionElements?.values ?? []).filter((v: any) => v.$type !== type);
  return [...others, ...list.map((d) => createListener(moddle, prefix, kind, d))];
}

/** Which listener sections an element type shows (spec 2.7): task listeners on user tasks; execution listeners on all but exclusive gateways (on the process, as its global listeners). */
export function listenerSections(type: string): { task: boolean; execution: boolean; global: boolean } {
  const isProcess = type === 'bpmn:Process';
  return {
    task: type === 'bpmn:UserTask',
    execution: !isProcess && type !== 'bpmn:ExclusiveGateway',
    global: isProcess,
  };
}
