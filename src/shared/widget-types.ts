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
