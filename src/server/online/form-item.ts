import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import { FIELD_MESSAGES, RULE_CODES } from '../../shared/rule-codes.js';
import { FORM_RULES } from '../../shared/form-rules.js';
import type { DictModel, DictService } from '../modules/dict/dict-service.js';
import type { LoadedScreen } from './screen-registry.js';
import { TABLE_TYPE, dictProps, fieldShowType } from './columns-model.js';

/** Views whose options a JeecgBoot form reads inline from the property's `enum`. */
const OPTION_VIEWS: ReadonlySet<string> = new Set(['list', 'radio', 'checkbox', 'list_multi']);

/**
 * The client-side check of a field as a JeecgBoot online form reads it: `pattern` (a regular
 * expression's source, or `only` for a value that must be unique) and `errorInfo` (the message).
 * Validation codes (`m`, `e`, `n6-16` …) become their pattern and message; a custom expression
 * keeps its own message (default 格式不正确); a shared form rule gives its first pattern.
 * Returns {} when the field has no such check.
 */
export function validationOf(f: ScreenField): { pattern?: string; errorInfo?: string } {
  if (f.validType === 'only' || (!f.validType && !f.formRule && f.unique)) return { pattern: 'only' };
  if (f.validType) {
    const code = RULE_CODES[f.validType];
    if (code) return { pattern: code.pattern.source, errorInfo: code.message };
    return { pattern: f.validType, errorInfo: f.validMessage ?? FIELD_MESSAGES.defaultPattern };
  }
  const rule = f.formRule ? FORM_RULES[f.formRule].find((r) => r.pattern) : undefined;
  return rule?.pattern ? { pattern: rule.pattern.source, errorInfo: rule.message } : {};
}

async function propertyOf(f: ScreenField, order: number, dicts: DictService): Promise<Record<string, unknown>> {
  const view = fieldShowType(f);
  let options: DictModel[] | undefined;
  if (f.dictCode && OPTION_VIEWS.has(view)) options = await dicts.itemsOf(f.dictCode);
  return {
    title: f.title,
    view,
    type: f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'BigDecimal' ? 'number' : 'string',
    order,
    ...dictProps(f.dictCode),
    // options inline ({value, text, title, label}): JeecgBoot's selects, radios and checkboxes read them here
    ...(options ? { enum: options } : {}),
    // always a string: JeecgBoot clients run string methods on it
    defVal: f.defaultValue === undefined || f.defaultValue === null ? undefined : String(f.defaultValue),
    ...validationOf(f),
    fieldExtendJson: f.extend ? JSON.stringify(f.extend) : undefined,
    disabled: f.readOnly || undefined,
  };
}

/**
 * getFormItem result (api-contract §7.2): `head` and a JSON-schema-like `schema` of the form's
 * fields by column (title, view, type, order, the dictionary (dictProps), inline `enum` options of dictionary
 * selects, `defVal` as a string, `pattern`/`errorInfo`), sub tables as `tab` properties, and the
 * required columns. Dictionary options come from the dictionary service (its checks apply).
 */
export async function formItem(loaded: LoadedScreen, dicts: DictService): Promise<Record<string, unknown>> {
  const { screen } = loaded;
  const properties: Record<string, unknown> = {};
  for (const [order, f] of screen.fields.entries()) {
    if (f.showForm === false) continue;
    properties[toColumn(f.name)] = await propertyOf(f, order, dicts);
  }
  // main tables: each sub table as a tab property
  for (const [i, { loaded: sub, link }] of (loaded.subs ?? []).entries()) {
    const inner = (await formItem(sub, dicts)).schema as { properties: Record<string, unknown>; required: string[] };
    properties[sub.screen.tableName] = {
      view: 'tab',
      describe: sub.screen.title,
      relationType: link.relationType === 'oneToOne' ? 1 : 0,
      foreignKey: [toColumn(link.foreignKey)],
      order: screen.fields.length + i,
      id: sub.screen.id,
      ...(link.relationType === 'oneToOne' ? { properties: inner.properties } : { columns: inner.properties }),
      required: inner.required,
    };
  }
  return {
    head: {
      id: screen.id,
      tableName: screen.tableName,
      tableType: TABLE_TYPE[screen.tableType],
      isTree: screen.tree ? 'Y' : 'N',
      treeParentIdField: screen.tree ? toColumn(screen.tree.pidField) : undefined,
      treeIdField: screen.tree ? toColumn(screen.tree.hasChildField) : undefined,
      treeFieldname: screen.tree?.textField ? toColumn(screen.tree.textField) : undefined,
      themeTemplate: screen.template,
      formTemplate: String(screen.formTemplate ?? 2),
      subTableStr: loaded.subs?.map((s) => s.loaded.screen.tableName).join(',') || undefined,
    },
    schema: { properties, required: screen.fields.filter((f) => f.required && f.showForm !== false).map((f) => toColumn(f.name)) },
    cgButtonList: [],
    enhanceJs: '',
  };
}
