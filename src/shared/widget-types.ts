/**
 * The widget types the built-in registry provides (spec 3 "Column types" and the online-form
 * types). Headless — no React — so the server and the schema checker can import it.
 */
export const BUILTIN_WIDGET_TYPES = [
  'input',
  'inputNumber',
  'select',
  'radio',
  'switch',
  'date',
  'datetime',
  'time',
  'textarea',
  'password',
  'hidden',
  'sel_user',
  'sel_depart',
  'sel_search',
  'upload',
  'file',
  'image',
  'cron',
  'umeditor',
  'markdown',
  'code',
  'pca',
  'normal',
  'checkbox',
  'checkbox_meta',
  'list_multi',
  'sel_search_async',
  'input_pop',
  'popup',
  'sel_tree',
  'cat_tree',
  'link_down',
  'slot',
  'sel_multi_user',
  'sel_position',
  'sel_role',
] as const;

export type BuiltinWidgetType = (typeof BUILTIN_WIDGET_TYPES)[number];

/**
 * The Formily component name of a widget type ('sel_user' → 'W_sel_user', 'inputNumber' →
 * 'W_inputNumber'): a stable identifier key for createSchemaField's component map. Characters
 * that are not letters, digits or underscores become underscores.
 */
export function componentNameOf(type: string): string {
  return `W_${type.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/**
 * The widget types a field's query condition may use instead of its form widget (查询配置,
 * JeecgBoot query_show_type; the meta-schema's `queryWidget` enum lists the same). Those in
 * {@link DICT_QUERY_WIDGETS} offer the field's dictionary and need its dictCode.
 */
export const QUERY_WIDGET_TYPES = [
  'input',
  'inputNumber',
  'select',
  'radio',
  'checkbox',
  'list_multi',
  'sel_search',
  'switch',
  'date',
  'datetime',
  'time',
  'sel_user',
  'sel_multi_user',
  'sel_depart',
  'sel_position',
  'sel_role',
] as const;

/** Query widgets that list the field's dictionary (a `queryWidget` among them needs a dictCode). */
export const DICT_QUERY_WIDGETS: ReadonlySet<string> = new Set(['select', 'radio', 'checkbox', 'list_multi', 'sel_search']);

/**
 * The widget type a field's single-value query condition is entered with: its `queryWidget`
 * when set, else its form widget, a textarea queried with a one-line input.
 */
export function queryWidgetOf(f: { widget: string; queryWidget?: string }): string {
  return f.queryWidget ?? (f.widget === 'textarea' ? 'input' : f.widget);
}
