/**
 * Screen schema → Formily JSON schema (headless: no React, no antd). The form renderer hands the
 * result to Formily's createSchemaField; the widget components are named by the caller through
 * `widgetComponent`, so this file knows nothing about the registry.
 */
import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { isEmptyValue, SELECT_LIKE_WIDGETS } from '../../shared/rule-codes.js';
import { checkNonEmpty, fieldValidation } from '../../shared/field-validation.js';
import { fillRuleCode } from '../../shared/fill-rule-default.js';
import { resolveDefaultValue, type DefaultValueContext } from '../../shared/default-value.js';
import { toColumn } from '../../shared/columns.js';
import { disabledFormFields, type PermissionEntry } from '../../shared/permission.js';
import { conditionHolds, linkageState } from '../../shared/linkage.js';
import { checkValidators, computeReaction } from './compute-reactions.js';

/** The subset of Formily's JSON schema this compiler produces (a plain object). */
export interface ISchemaLike {
  type?: 'object' | 'void' | 'string' | 'number' | 'boolean' | 'array';
  title?: string;
  required?: boolean;
  properties?: Record<string, ISchemaLike>;
  'x-index'?: number;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, unknown>;
  'x-validator'?: ValidatorRule[];
  /** Keys Formily must not scan for `{{ }}` expressions. */
  'x-compile-omitted'?: string[];
  'x-disabled'?: boolean;
  'x-pattern'?: 'editable' | 'disabled' | 'readOnly' | 'readPretty';
  'x-display'?: 'visible' | 'hidden' | 'none';
  /** Function reactions (Formily runs them in an autorun, so they follow the values they read). */
  'x-reactions'?: Array<(field: ReactiveField) => void>;
}

/** The part of a Formily field a linkage reaction reads and writes (structural, no @formily import). */
export interface ReactiveField {
  form: { values: Record<string, unknown> };
  visible: boolean;
  required: boolean;
  value: unknown;
  componentProps: Record<string, unknown>;
  setComponentProps(props: Record<string, unknown>): void;
}

/** A Formily validator description as used here. */
export interface ValidatorRule {
  required?: boolean;
  whitespace?: boolean;
  pattern?: RegExp;
  message?: string;
  /** Formily passes the rule and a context with the form as further arguments (checks read other fields through it). */
  validator?: (
    value: unknown,
    rule?: unknown,
    ctx?: { form?: { values: Record<string, unknown> } },
  ) => string | null | Promise<string | null>;
  triggerType?: 'onInput' | 'onBlur' | 'onFocus';
}

/**
 * Server checks a form may call (the renderer binds them to the API): the duplicate check of a
 * unique field (GET /sys/duplicate/check, api-contract §6.3) and a check rule
 * (GET /sys/checkRule/checkByCode, §6.5). Each resolves with the server's message on failure,
 * null when the value passes.
 */
export interface RemoteChecks {
  duplicate(args: { tableName: string; fieldName: string; fieldVal: string; dataId?: string }): Promise<string | null>;
  checkRule(ruleCode: string, value: string): Promise<string | null>;
}

/**
 * add: editable, defaults filled; edit: editable; readOnly: every field shown in its widget but
 * not editable (x-pattern readOnly); detail: read-pretty texts (x-pattern readPretty).
 */
export type FormMode = 'add' | 'edit' | 'readOnly' | 'detail';

export interface CompileOptions {
  mode: FormMode;
  /** Formily component name of a widget type, undefined when the type is not registered. */
  widgetComponent: (widget: string) => string | undefined;
  /** Fields (name or column) the user may not edit (type "2" permission rules). */
  disabledFields?: ReadonlySet<string>;
  /** Values of the default-value variables; `now` defaults to the current time. */
  context: DefaultValueContext;
  /** Server checks (duplicate, check rule); without them those fields are checked on save only. */
  remote?: RemoteChecks;
  /** Id of the record being edited: the duplicate check excludes it. */
  recordId?: string;
}

export interface CompiledForm {
  schema: ISchemaLike;
  initialValues: Record<string, unknown>;
}

/** Key of the void FormGrid node under the root. */
export const FORM_GRID_KEY = '_grid';

/** Widgets that take the whole row of the grid. */
const FULL_ROW_WIDGETS = new Set(['textarea']);

const NUMERIC_DB_TYPES = new Set(['int', 'double', 'BigDecimal']);

/**
 * The add-mode default values of a screen's form fields (showForm not false), keyed by column,
 * resolved now ({@link resolveDefaultValue}: literals, user, department, date and time).
 */
export function formDefaults(screen: ScreenSchema, context: CompileOptions['context']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of screen.fields) {
    if (field.showForm === false) continue;
    const value = resolveDefaultValue(field.defaultValue, context);
    if (value !== undefined) out[toColumn(field.name)] = value;
  }
  return out;
}

/**
 * The Formily validator rules of a field, first failure wins, from the shared field-validation
 * pipeline (src/shared/field-validation.ts, spec 5.1/5.4): required (with the formRule's own
 * message; present with `required: false` when linkage may switch it on, so the reaction only
 * flips the flag), the `*` code (该字段不能为空), one validator running the pipeline's checks of a
 * non-empty value (validType code or regex, spec 5.1 rules and builders, storage limit), then — on
 * blur — the server checks: duplicate for unique fields (`unique` or the code `only`) and the
 * field's check rule (server message). A field a fill rule generates on add is not required.
 */
export function fieldValidators(
  field: ScreenField,
  remote?: RemoteChecks,
  ctx: { tableName?: string; recordId?: string } = {},
): ValidatorRule[] {
  const rules: ValidatorRule[] = [];
  const validation = fieldValidation(field);
  const textual = !NUMERIC_DB_TYPES.has(field.dbType);
  const linkRequired = (field.linkage ?? []).some((l) => l.then.required !== undefined);
  // a value a fill rule generates on add, or the server computes, is not the user's to enter
  const generated = !!fillRuleCode(field.defaultValue) || !!(field.compute && field.readOnly);
  if (!generated) {
    if (field.required || linkRequired)
      rules.push({ required: !!field.required, message: validation.requiredMessage, ...(textual ? { whitespace: true } : {}) });
    if (!field.required && validation.emptyMessage) rules.push({ required: true, whitespace: true, message: validation.emptyMessage });
  }
  rules.push({ validator: (value: unknown) => (isEmptyValue(value) ? null : checkNonEmpty(validation, value)) });
  if (remote && validation.unique && ctx.tableName) {
    const tableName = ctx.tableName;
    rules.push({
      triggerType: 'onBlur',
      validator: (value: unknown) =>
        isEmptyValue(value)
          ? null
          : remote.duplicate({
              tableName,
              fieldName: toColumn(field.name),
              fieldVal: String(value),
              ...(ctx.recordId ? { dataId: ctx.recordId } : {}),
            }),
    });
  }
  if (remote && field.checkRule) {
    const code = field.checkRule;
    rules.push({
      triggerType: 'onBlur',
      validator: (value: unknown) => (isEmptyValue(value) ? null : remote.checkRule(code, String(value))),
    });
  }
  return rules;
}

/**
 * Formily reactions of a field's `linkage`: one reaction that reads the other
 * fields' values (by column, from form.values, so Formily re-runs it when they change) and sets
 * visible and required as {@link linkageState} says; `then.value` is written when its condition
 * becomes true (the user may change it afterwards); `then.dictCode` switches the options' dictionary while it holds, back to the field's own
 * dictCode otherwise. Undefined when the field has no linkage.
 */
export function linkageReactions(field: ScreenField): ISchemaLike['x-reactions'] {
  const links = field.linkage ?? [];
  if (!links.length) return undefined;
  // per form field: which value conditions held last time, so a value is written when its
  // condition becomes true and the user may change it afterwards
  const held = new WeakMap<ReactiveField, boolean[]>();
  return [
    (target: ReactiveField) => {
      const values = target.form.values;
      const valueOf = (name: string) => values[toColumn(name)];
      const state = linkageState(field, valueOf);
      if (links.some((l) => l.then.visible !== undefined)) target.visible = state.visible;
      if (links.some((l) => l.then.required !== undefined)) target.required = state.required;
      let dictCode = field.dictCode;
      const before = held.get(target) ?? [];
      const now = links.map(({ when }) => conditionHolds(when, valueOf(when.field)));
      held.set(target, now);
      links.forEach(({ then }, i) => {
        if (!now[i]) return;
        if (then.value !== undefined && !before[i]) target.value = then.value;
        if (then.dictCode) dictCode = then.dictCode;
      });
      if (links.some((l) => l.then.dictCode) && target.componentProps.dictCode !== dictCode) target.setComponentProps({ dictCode });
    },
  ];
}

/**
 * Schema keys Formily takes as they are instead of walking them for `{{ }}` expressions: every key
 * the compiler fills from screen data. A title or placeholder is text, never code; and Formily's
 * walk set each nested component prop (screenField …) on the field one path at a time, a seventh
 * of a 200-field form's render.
 */
const COMPILE_OMITTED = ['title', 'description', 'x-component-props', 'x-decorator-props', 'x-validator'];

/**
 * The component props every widget of `field` receives, in the form, the query form and the
 * editable table alike (registry/README.md "What a form widget receives"): placeholder
 * (请选择… for select-like widgets, else 请输入…), screenField, dictCode and extend as given —
 * so a widget stores the same key (extend.store …) wherever it is used.
 */
export function fieldComponentProps(field: ScreenField): Record<string, unknown> {
  const props: Record<string, unknown> = {
    placeholder: `${SELECT_LIKE_WIDGETS.has(field.widget) ? '请选择' : '请输入'}${field.title}`,
    screenField: field,
  };
  if (field.dictCode) props.dictCode = field.dictCode;
  if (field.extend) props.extend = field.extend;
  return props;
}

/**
 * Compiles a screen schema into a Formily JSON schema (spec 3 field model; docs/architecture.md "Screens are data": "one
 * generic form runtime"). The root object holds a `FormGrid` (maxColumns = formTemplate,
 * default 2; minColumns 1; strictAutoFit) with one property per field whose showForm is not false, keyed by the DB column
 * (snake_case of the name). Each property carries title, FormItem decorator, the widget's
 * component, component props (placeholder 请输入…/请选择…, dictCode, extend, screenField),
 * required and validators, x-disabled for readOnly or permission-disabled fields, x-pattern
 * 'readPretty' in detail mode ('readOnly' in readOnly mode); textarea spans the whole row; hidden
 * widgets are x-display hidden; `linkage` becomes x-reactions ({@link linkageReactions}); unique
 * fields and check rules call `opts.remote` on blur. `initialValues` (add mode only) holds the resolved default values keyed by column.
 * Throws an Error naming the field and widget when a widget type is not registered.
 */
export function compileScreenForm(screen: ScreenSchema, opts: CompileOptions): CompiledForm {
  const maxColumns = screen.formTemplate ?? 2;
  const properties: Record<string, ISchemaLike> = {};
  const initialValues = opts.mode === 'add' ? formDefaults(screen, opts.context) : {};
  const disabled = opts.disabledFields ?? new Set<string>();
  let index = 0;
  for (const field of screen.fields) {
    if (field.showForm === false) continue;
    const column = toColumn(field.name);
    const component = opts.widgetComponent(field.widget);
    if (!component) throw new Error(`字段 ${field.name} 的控件类型 ${field.widget} 未注册`);
    const componentProps = fieldComponentProps(field);
    const prop: ISchemaLike = {
      type: NUMERIC_DB_TYPES.has(field.dbType) ? 'number' : 'string',
      title: field.title,
      'x-index': index++,
      'x-decorator': 'FormItem',
      'x-component': component,
      'x-component-props': componentProps,
      'x-validator': fieldValidators(field, opts.remote, { tableName: screen.tableName, recordId: opts.recordId }),
      'x-compile-omitted': COMPILE_OMITTED,
    };
    const reactions = [...(linkageReactions(field) ?? []), ...[computeReaction(screen, field)].filter((r) => !!r)];
    if (reactions.length) prop['x-reactions'] = reactions;
    prop['x-validator']!.push(...checkValidators(screen, field));
    if ((field.required || field.validType === '*') && !(field.compute && field.readOnly)) prop.required = true;
    if (FULL_ROW_WIDGETS.has(field.widget)) prop['x-decorator-props'] = { gridSpan: maxColumns };
    if (field.widget === 'hidden') prop['x-display'] = 'hidden';
    if (field.readOnly || disabled.has(field.name) || disabled.has(column)) prop['x-disabled'] = true;
    if (opts.mode === 'detail') prop['x-pattern'] = 'readPretty';
    else if (opts.mode === 'readOnly') prop['x-pattern'] = 'readOnly';
    properties[column] = prop;
  }
  const schema: ISchemaLike = {
    type: 'object',
    properties: {
      [FORM_GRID_KEY]: {
        type: 'void',
        'x-component': 'FormGrid',
        // strictAutoFit: a full-row item after an odd item moves to the next row instead of shrinking
        'x-component-props': { maxColumns, minColumns: 1, strictAutoFit: true },
        properties,
      },
    },
  };
  return { schema, initialValues };
}

/**
 * Fields the user may not edit (docs/architecture.md "Permission model"): an `allAuth` entry with type '2',
 * status '1' and action `${authPre}:form:${field}` (field name or column; an action may list
 * several codes separated by commas) that no `auth` entry grants. Returns the field names.
 */
export function disabledFieldsFromAuth(
  screen: ScreenSchema,
  allAuth: readonly PermissionEntry[],
  auth: readonly PermissionEntry[],
): Set<string> {
  const codes = disabledFormFields(screen.authPre, { auth, allAuth });
  return new Set(screen.fields.filter((f) => codes.has(f.name) || codes.has(toColumn(f.name))).map((f) => f.name));
}
