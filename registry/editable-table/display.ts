/**
 * What a grid cell shows (headless; the grid's native renderer writes it): numbers with
 * thousands separators (spec 9), option texts for select-like columns (multi-select joined by
 * ','), file names for upload cells (spec 4.3, the upload model), 是/否 for single checkboxes and
 * switches.
 * Also the ScreenField the registry's cell editors expect, built from a column.
 */
import type { ScreenField } from '../../src/shared/generated/screen-schema.js';
import { formatNumber, splitValue } from '../shared/format.js';
import { WIDGET_TEXT } from '../shared/locale.js';
import { switchText } from '../widgets/switch/switch-options.js';
import { originalNameOf } from '../widgets/upload/upload-model.js';
import type { ColumnOption, EditableColumn } from './columns.js';

/** Column types whose cell shows option texts (static options, a dictionary or linked options). */
export const OPTION_TYPES: ReadonlySet<string> = new Set(['select', 'radio', 'list_multi', 'checkbox', 'sel_search', 'link_down']);
/** Picker types whose cells show looked-up texts passed as `options` (picker-labels.ts). */
const LABELLED_TYPES: ReadonlySet<string> = new Set(['sel_user', 'sel_depart']);
const FILE_TYPES = new Set(['upload', 'file', 'image']);

/** The label of an option value (text, title, label or the value). */
function optionLabel(options: readonly ColumnOption[], value: string): string {
  const o = options.find((x) => String(x.value) === value);
  return o ? String(o.text ?? o.title ?? o.label ?? o.value) : value;
}

/**
 * The text a cell shows for a value (see the file comment). `options` replaces the column's own
 * options (a dictionary loaded for a dictCode-only column, a linked child's options).
 */
export function cellText(col: EditableColumn, value: unknown, options: readonly ColumnOption[] | undefined = col.options): string {
  if (value === undefined || value === null || value === '') return '';
  if (col.type === 'inputNumber') return formatNumber(value);
  if (col.type === 'password') return WIDGET_TEXT.password;
  if (col.type === 'checkbox' && !col.options?.length && col.customValue?.length) {
    return String(value) === String(col.customValue[0]) ? WIDGET_TEXT.yes : WIDGET_TEXT.no;
  }
  if (col.type === 'switch') return switchText(value, fieldOfColumn(col));
  if ((OPTION_TYPES.has(col.type) || LABELLED_TYPES.has(col.type)) && options?.length)
    return splitValue(value)
      .map((v) => optionLabel(options, v))
      .join(',');
  if (FILE_TYPES.has(col.type)) return splitValue(value).map(originalNameOf).join(',');
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** The numeric columns' dbType (inputNumber stores exact decimals). */
function dbTypeOf(col: EditableColumn): ScreenField['dbType'] {
  if (col.type === 'inputNumber') return 'BigDecimal';
  if (col.type === 'date') return 'Date';
  if (col.type === 'datetime') return 'Datetime';
  return 'string';
}

/**
 * The ScreenField a registry cell editor receives for a column: name = key, widget = type, the
 * dictionary (dictCode or dict), and `extend` from fieldExtendJson (JSON text or object) plus the
 * options as `extend.options` when given.
 */
export function fieldOfColumn(col: EditableColumn): ScreenField {
  let extend: Record<string, unknown> = {};
  if (typeof col.fieldExtendJson === 'string') {
    try {
      const parsed: unknown = JSON.parse(col.fieldExtendJson);
      if (parsed && typeof parsed === 'object') extend = parsed as Record<string, unknown>;
    } catch {
      /* not JSON: ignored */
    }
  } else if (col.fieldExtendJson) extend = { ...col.fieldExtendJson };
  if (col.customValue?.length && !extend.options) extend.options = col.customValue;
  for (const k of ['allowDownload', 'allowRemove', 'action', 'token', 'responseName'] as const)
    if (col[k] !== undefined && extend[k] === undefined) extend[k] = col[k];
  if (col.popupCode) Object.assign(extend, { popupCode: col.popupCode, orgFields: col.orgFields, destFields: col.destFields });
  const field = { name: col.key, title: col.title, widget: col.type, dbType: dbTypeOf(col), extend } as ScreenField;
  const dictCode = col.dictCode ?? col.dict;
  if (dictCode) field.dictCode = dictCode;
  return field;
}
