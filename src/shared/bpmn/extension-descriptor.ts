/**
 * The moddle descriptor of the process designer's extension elements (spec 3 "Flowable extension
 * elements"), one per extension prefix: flowable (default), camunda or activiti. The designer
 * (bpmn-js `moddleExtensions`) and the server (bpmn-moddle, deploy and run) read the same one, so
 * a diagram saved with any prefix re-imports with the same meaning. Plain data: no library here.
 */

/** The extension prefixes a diagram may carry (spec 9: flowable, camunda or activiti). */
export const BPMN_PREFIXES = ['flowable', 'camunda', 'activiti'] as const;
export type BpmnPrefix = (typeof BPMN_PREFIXES)[number];

/** Default prefix of a new diagram. */
export const DEFAULT_PREFIX: BpmnPrefix = 'flowable';

/** The XML namespace of each prefix (the engines' own URIs). */
export const PREFIX_URI: Readonly<Record<BpmnPrefix, string>> = {
  flowable: 'http://flowable.org/bpmn',
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  activiti: 'http://activiti.org/bpmn',
};

interface Property {
  name: string;
  type: string;
  isAttr?: boolean;
  isBody?: boolean;
  isMany?: boolean;
  isReference?: boolean;
  default?: unknown;
}
interface TypeDef {
  name: string;
  superClass?: string[];
  extends?: string[];
  isAbstract?: boolean;
  meta?: Record<string, unknown>;
  properties: Property[];
}
/** A moddle package descriptor (the shape bpmn-moddle and bpmn-js accept). */
export interface ModdleDescriptor {
  name: string;
  uri: string;
  prefix: string;
  xml: { tagAlias: 'lowerCase' };
  associations: never[];
  types: TypeDef[];
  emumerations: never[];
}

const attr = (name: string, type = 'String', extra: Partial<Property> = {}): Property => ({ name, type, isAttr: true, ...extra });
const many = (name: string, type: string): Property => ({ name, type, isMany: true });

/**
 * The extension types (prefix-free names; moddle qualifies them with the package prefix):
 * attributes on BPMN elements (process starters, versionTag, historyTimeToLive,
 * isStartableInTasklist, processCategory; user-task assignee, candidates, dueDate, followUpDate,
 * priority, formKey; async flags; start-event initiator; multi-instance collection and element
 * variable; call-activity bindings) and the elements inside bpmn:extensionElements (Button,
 * Assignee, Condition, FormData/FormField with validation constraints, FormProperty, Properties,
 * ExecutionListener, TaskListener with fields, script and timeout, In/Out mappings).
 */
function types(prefix: string): TypeDef[] {
  const q = (n: string) => `${prefix}:${n}`;
  return [
    {
      name: 'ProcessAttributes',
      isAbstract: true,
      extends: ['bpmn:Process'],
      properties: [
        attr('candidateStarterGroups'),
        attr('candidateStarterUsers'),
        attr('versionTag'),
        attr('historyTimeToLive'),
        attr('isStartableInTasklist', 'Boolean', { default: true }),
        attr('processCategory'),
      ],
    },
    {
      name: 'AsyncCapable',
      isAbstract: true,
      extends: ['bpmn:Activity', 'bpmn:Gateway', 'bpmn:Event'],
      properties: [
        attr('async', 'Boolean', { default: false }),
        attr('asyncBefore', 'Boolean', { default: false }),
        attr('asyncAfter', 'Boolean', { default: false }),
        attr('exclusive', 'Boolean', { default: true }),
      ],
    },
    {
      name: 'Assignable',
      extends: ['bpmn:UserTask'],
      properties: [
        attr('assignee'),
        attr('candidateUsers'),
        attr('candidateGroups'),
        attr('dueDate'),
        attr('followUpDate'),
        attr('priority'),
        attr('formKey'),
        attr('skipExpression'),
      ],
    },
    { name: 'Initiator', extends: ['bpmn:StartEvent'], properties: [attr('initiator'), attr('formKey')] },
    {
      name: 'Collectable',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      superClass: ['AsyncCapable'],
      properties: [attr('collection'), attr('elementVariable')],
    },
    {
      name: 'CallActivityBinding',
      extends: ['bpmn:CallActivity'],
      properties: [
        attr('calledElementBinding'),
        attr('calledElementVersion'),
        attr('calledElementVersionTag'),
        attr('calledElementTenantId'),
        attr('caseRef'),
        attr('caseBinding'),
        attr('caseVersion'),
        attr('caseTenantId'),
        attr('variableMappingClass'),
        attr('variableMappingDelegateExpression'),
      ],
    },
    {
      name: 'InOutBinding',
      superClass: ['Element'],
      isAbstract: true,
      properties: [
        attr('source'),
        attr('sourceExpression'),
        attr('target'),
        attr('businessKey'),
        attr('local', 'Boolean', { default: false }),
        attr('variables'),
      ],
    },
    { name: 'In', superClass: ['InOutBinding'], meta: { allowedIn: ['bpmn:CallActivity'] }, properties: [] },
    { name: 'Out', superClass: ['InOutBinding'], meta: { allowedIn: ['bpmn:CallActivity'] }, properties: [] },
    {
      name: 'Button',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [attr('id'), attr('name'), attr('code'), attr('isHide'), attr('next'), attr('sort', 'Integer')],
    },
    {
      name: 'Assignee',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [attr('id'), attr('type'), attr('value'), attr('condition'), attr('operationType'), attr('sort', 'Integer')],
    },
    {
      name: 'Condition',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:SequenceFlow'] },
      properties: [attr('id'), attr('field'), attr('compare'), attr('value'), attr('logic'), attr('sort', 'Integer')],
    },
    {
      name: 'Properties',
      superClass: ['Element'],
      meta: { allowedIn: ['*'] },
      properties: [many('values', q('Property'))],
    },
    { name: 'Property', superClass: ['Element'], properties: [attr('id'), attr('name'), attr('value')] },
    {
      name: 'FormData',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:StartEvent', 'bpmn:UserTask'] },
      properties: [many('fields', q('FormField')), attr('businessKey')],
    },
    {
      name: 'FormField',
      superClass: ['Element'],
      properties: [
        attr('id'),
        attr('label'),
        attr('type'),
        attr('datePattern'),
        attr('defaultValue'),
        { name: 'properties', type: q('Properties') },
        { name: 'validation', type: q('Validation') },
        many('values', q('Value')),
      ],
    },
    { name: 'Validation', superClass: ['Element'], properties: [many('constraints', q('Constraint'))] },
    { name: 'Constraint', superClass: ['Element'], properties: [attr('name'), attr('config')] },
    {
      name: 'FormProperty',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:StartEvent', 'bpmn:UserTask'] },
      properties: [
        attr('id'),
        attr('name'),
        attr('type'),
        attr('required', 'Boolean', { default: false }),
        attr('readable', 'Boolean', { default: true }),
        attr('writable', 'Boolean', { default: true }),
        attr('variable'),
        attr('expression'),
        attr('datePattern'),
        attr('default'),
        many('values', q('Value')),
      ],
    },
    { name: 'Value', superClass: ['Element'], properties: [attr('id'), attr('name')] },
    {
      name: 'ExecutionListener',
      superClass: ['Element'],
      meta: { allowedIn: ['*'] },
      properties: [
        attr('expression'),
        attr('class'),
        attr('delegateExpression'),
        attr('event'),
        { name: 'script', type: q('Script') },
        many('fields', q('Field')),
      ],
    },
    {
      name: 'TaskListener',
      superClass: ['Element'],
      meta: { allowedIn: ['bpmn:UserTask'] },
      properties: [
        attr('expression'),
        attr('class'),
        attr('delegateExpression'),
        attr('event'),
        attr('id'),
        { name: 'script', type: q('Script') },
        many('fields', q('Field')),
        many('eventDefinitions', 'bpmn:TimerEventDefinition'),
      ],
    },
    {
      name: 'Field',
      superClass: ['Element'],
      properties: [attr('name'), attr('stringValue'), { name: 'string', type: 'String' }, { name: 'expression', type: 'String' }],
    },
    {
      name: 'Script',
      superClass: ['Element'],
      properties: [attr('scriptFormat'), attr('resource'), { name: 'value', type: 'String', isBody: true }],
    },
  ];
}

/** The descriptor of `prefix` (its namespace URI, its types); the same shape for every prefix. */
export function extensionDescriptor(prefix: BpmnPrefix): ModdleDescriptor {
  return {
    name: prefix[0].toUpperCase() + prefix.slice(1),
    uri: PREFIX_URI[prefix],
    prefix,
    xml: { tagAlias: 'lowerCase' },
    associations: [],
    types: types(prefix),
    emumerations: [],
  };
}

/** Every prefix's descriptor keyed by prefix (bpmn-js `moddleExtensions`, bpmn-moddle packages). */
export function allExtensionDescriptors(): Record<BpmnPrefix, ModdleDescriptor> {
  return { flowable: extensionDescriptor('flowable'), camunda: extensionDescriptor('camunda'), activiti: extensionDescriptor('activiti') };
}

/** The prefix a diagram's XML declares (the first of flowable/camunda/activiti whose URI it binds), else the default. */
export function prefixOf(xml: string): BpmnPrefix {
  for (const p of BPMN_PREFIXES) if (xml.includes(`"${PREFIX_URI[p]}"`)) return p;
  return DEFAULT_PREFIX;
}
