/**
 * The form designer's grid rows: one flat row per screen field that every tab's grid (数据库属性,
 * 页面属性, 校验字段, 查询配置) edits, converted from and back to the screen schema's fields, the
 * defaults of a new field per widget type, and the indexes (normal and unique). Headless (no React).
 */
import type { ScreenField, ScreenSchema, TableIndex, UniqueKey } from '../../../../shared/generated/screen-schema';
import { tableIndexName, toColumn } from '../../../../shared/columns';
import { toProperty } from '../../../../shared/row-keys';

/** One field as the grids edit it; `source` keeps the field's settings the grids do not show. */
export interface FieldRow {
  dbFieldName: string;
  title: string;
  dbType: ScreenField['dbType'];
  dbLength: number | null;
  dbPointLength: number | null;
  /** 默认值 of the column (数据库属性; a literal: a number on numeric columns). */
  dbDefault: string;
  /** 允许空 (the inverse of required; the two columns stay in step). */
  nullable: boolean;
  required: boolean;
  showForm: boolean;
  showList: boolean;
  readOnly: boolean;
  /** 是否排序 (list column sorter; the server refuses sorting by a column without it). */
  sortable: boolean;
  /** 跳转链接 (the list cell links to this URL template; `${field}` placeholders). */
  fieldHref: string;
  widget: string;
  width: number | null;
  dictCode: string;
  popupCode: string;
  orgFields: string;
  destFields: string;
  defaultValue: string;
  validType: string;
  validMessage: string;
  isQuery: boolean;
  queryMode: 'single' | 'range';
  /** 查询默认值 (a range: begin,end). */
  queryDefault: string;
  /** 查询控件 (empty: the form widget; a query-capable registry type, single conditions only). */
  queryWidget: string;
  source?: ScreenField;
}

/**
 * One index row of the 索引 tab: its columns (comma-joined); `unique` ones must be unique
 * together, `normal` ones only speed up queries. The name is kept for normal indexes (empty:
 * idx_{table}_{columns}); unique ones are always named uk_{table}_{columns}.
 */
export interface IndexRow {
  indexName: string;
  indexField: string;
  indexType: 'normal' | 'unique';
}

/** Db types a field may take (meta-schema order). */
export const DB_TYPES: ScreenField['dbType'][] = ['string', 'int', 'double', 'BigDecimal', 'Date', 'Datetime', 'Text'];

const NUMERIC_DB = new Set<ScreenField['dbType']>(['int', 'double', 'BigDecimal']);
const LONG_TEXT = new Set(['textarea', 'umeditor', 'markdown', 'code']);
const MANY_VALUES = new Set(['sel_user', 'sel_depart', 'sel_multi_user', 'sel_position', 'sel_role', 'list_multi', 'checkbox']);
const FILES = new Set(['upload', 'file', 'image']);

/**
 * Length and decimals a column of `dbType` gets by default: 32 characters (500 for `long`
 * values: several users or departments, file paths, long texts), 10 digits for integers, 18,2
 * for decimals, none for dates and Text.
 */
export function dbTypeDefaults(dbType: ScreenField['dbType'], long = false): Pick<FieldRow, 'dbLength' | 'dbPointLength'> {
  const dbLength =
    dbType === 'string' ? (long ? 500 : 32) : dbType === 'int' ? 10 : dbType === 'double' || dbType === 'BigDecimal' ? 18 : null;
  return { dbLength, dbPointLength: dbType === 'double' || dbType === 'BigDecimal' ? 2 : null };
}

/**
 * Database settings a field of widget type `widget` gets by default: `defaultDbType` from the
 * registry definition (custom widgets included; `string` when unknown) with its
 * {@link dbTypeDefaults} (long for pickers of several values, files and long texts), and list
 * visibility (long texts stay out of the list).
 */
export function widgetDefaults(widget: string, defaultDbType: ScreenField['dbType'] | undefined): Partial<FieldRow> {
  const dbType = defaultDbType ?? 'string';
  const long = MANY_VALUES.has(widget) || FILES.has(widget) || LONG_TEXT.has(widget);
  return { widget, dbType, ...dbTypeDefaults(dbType, long), showList: !LONG_TEXT.has(widget) };
}

/** A new field row: column `field_{n}`, label 字段{n}, the widget's defaults, shown in form and list. */
export function newFieldRow(n: number, widget: string, defaultDbType: ScreenField['dbType'] | undefined): FieldRow {
  return {
    dbFieldName: `field_${n}`,
    title: `字段${n}`,
    dbType: 'string',
    dbLength: 32,
    dbPointLength: null,
    dbDefault: '',
    nullable: true,
    required: false,
    showForm: true,
    showList: true,
    readOnly: false,
    sortable: true,
    fieldHref: '',
    widget,
    width: null,
    dictCode: '',
    popupCode: '',
    orgFields: '',
    destFields: '',
    defaultValue: '',
    validType: '',
    validMessage: '',
    isQuery: false,
    queryMode: 'single',
    queryDefault: '',
    queryWidget: '',
    ...widgetDefaults(widget, defaultDbType),
  };
}

/** The grid row of a screen field. */
export function fieldToRow(f: ScreenField): FieldRow {
  return {
    dbFieldName: toColumn(f.name),
    title: f.title,
    dbType: f.dbType,
    dbLength: f.dbLength ?? null,
    dbPointLength: f.dbPointLength ?? null,
    dbDefault: f.dbDefault === undefined ? '' : String(f.dbDefault),
    nullable: !f.required,
    required: !!f.required,
    showForm: f.showForm !== false,
    showList: f.showList !== false,
    readOnly: !!f.readOnly,
    sortable: f.sortable !== false,
    fieldHref: f.fieldHref ?? '',
    widget: f.widget,
    width: f.width ?? null,
    dictCode: f.dictCode ?? '',
    popupCode: f.extend?.popupCode ?? '',
    orgFields: f.extend?.orgFields ?? '',
    destFields: f.extend?.destFields ?? '',
    defaultValue: f.defaultValue === undefined ? '' : String(f.defaultValue),
    validType: f.validType ?? '',
    validMessage: f.validMessage ?? '',
    isQuery: !!f.queryMode,
    queryMode: f.queryMode ?? 'single',
    queryDefault: f.queryDefault ?? '',
    queryWidget: f.queryWidget ?? '',
    source: f,
  };
}

const text = (v: unknown): string | undefined => {
  const s = v == null ? '' : String(v).trim();
  return s ? s : undefined;
};
const num = (v: unknown): number | undefined =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);

/** A default value typed like the stored one it replaces (a number or boolean stays one). */
function typedDefault(v: string, old: ScreenField['defaultValue']): ScreenField['defaultValue'] {
  if (typeof old === 'number' && !Number.isNaN(Number(v))) return Number(v);
  if (typeof old === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  return v;
}

/**
 * The screen field of a grid row: the settings the grids edit over those kept in `source`
 * (linkage, compute, other widget options …). The name is the camelCase of the column unless
 * the column is unchanged (a stored name that is not the camelCase of its column stays).
 * Flags equal to the runtime's default (shown, sortable, not read-only) are left out.
 */
export function rowToField(r: FieldRow): ScreenField {
  const src: Partial<ScreenField> = { ...(r.source ?? {}) };
  for (const k of [
    'dbLength',
    'dbPointLength',
    'dbDefault',
    'dictCode',
    'required',
    'showList',
    'showForm',
    'queryMode',
    'queryDefault',
    'queryWidget',
    'readOnly',
    'sortable',
    'validType',
    'validMessage',
    'defaultValue',
    'width',
    'fieldHref',
  ] as const)
    delete src[k];
  const column = String(r.dbFieldName ?? '').trim();
  const name = r.source && toColumn(r.source.name) === column ? r.source.name : toProperty(column);
  const extend = { ...(r.source?.extend ?? {}) };
  for (const [k, v] of [
    ['popupCode', r.popupCode],
    ['orgFields', r.orgFields],
    ['destFields', r.destFields],
  ] as const) {
    if (text(v)) extend[k] = text(v);
    else delete extend[k];
  }
  const field: ScreenField = {
    ...src,
    name,
    title: String(r.title ?? '').trim(),
    widget: r.widget,
    dbType: r.dbType,
  };
  const len = num(r.dbLength);
  const point = num(r.dbPointLength);
  if (len !== undefined && r.dbType !== 'Date' && r.dbType !== 'Datetime' && r.dbType !== 'Text') field.dbLength = len;
  if (point !== undefined && (r.dbType === 'double' || r.dbType === 'BigDecimal')) field.dbPointLength = point;
  const dbDefault = text(r.dbDefault);
  // numbers on numeric columns; what is not one stays text for the server's check to name
  if (dbDefault !== undefined)
    field.dbDefault = NUMERIC_DB.has(r.dbType) && Number.isFinite(Number(dbDefault)) ? Number(dbDefault) : dbDefault;
  if (text(r.dictCode)) field.dictCode = text(r.dictCode);
  if (r.required) field.required = true;
  if (r.showList === false) field.showList = false;
  if (r.showForm === false) field.showForm = false;
  if (r.isQuery) field.queryMode = r.queryMode === 'range' ? 'range' : 'single';
  if (r.isQuery && text(r.queryDefault)) field.queryDefault = text(r.queryDefault);
  // the server's check names a query widget on a range condition or without its dictionary
  if (r.isQuery && text(r.queryWidget)) field.queryWidget = text(r.queryWidget) as ScreenField['queryWidget'];
  if (r.readOnly) field.readOnly = true;
  if (r.sortable === false) field.sortable = false;
  if (text(r.fieldHref)) field.fieldHref = text(r.fieldHref);
  if (text(r.validType)) field.validType = text(r.validType);
  if (text(r.validType) && text(r.validMessage)) field.validMessage = text(r.validMessage);
  const dv = text(r.defaultValue);
  if (dv !== undefined) field.defaultValue = typedDefault(dv, r.source?.defaultValue);
  const width = num(r.width);
  if (width !== undefined) field.width = width;
  if (Object.keys(extend).length) field.extend = extend;
  else delete field.extend;
  return field;
}

/** The 索引 rows of a screen: a unique field → one column, a unique key → its columns, then the normal indexes. */
export function indexRows(screen: Pick<ScreenSchema, 'tableName' | 'fields' | 'uniqueKeys' | 'indexes'>): IndexRow[] {
  const single = screen.fields
    .filter((f) => f.unique)
    .map((f) => ({ indexName: `uk_${screen.tableName}_${toColumn(f.name)}`, indexField: toColumn(f.name), indexType: 'unique' as const }));
  const multi = (screen.uniqueKeys ?? []).map((k) => ({
    indexName: `uk_${screen.tableName}_${k.fields.map(toColumn).join('_')}`,
    indexField: k.fields.map(toColumn).join(','),
    indexType: 'unique' as const,
  }));
  const normal = (screen.indexes ?? []).map((x) => ({
    indexName: tableIndexName(screen.tableName, x),
    indexField: x.fields.map(toColumn).join(','),
    indexType: 'normal' as const,
  }));
  return [...single, ...multi, ...normal];
}

/**
 * Applies the 索引 rows to the fields: a unique one-column index marks its field `unique`, a
 * unique several-column one becomes a unique key (keeping the message of an existing key over
 * the same fields), a normal one an entry of `indexes` (its name kept unless it is a default
 * one, idx_ or uk_ of `table` or `oldTable`: a renamed table or a unique row turned normal
 * gets the default name). Columns are matched to fields by column name;
 * unknown columns are kept as given so the server's check names them. Rows without columns are
 * left out.
 */
export function applyIndexes(
  fields: ScreenField[],
  rows: IndexRow[],
  old: UniqueKey[] = [],
  table = '',
  oldTable = table,
): { fields: ScreenField[]; uniqueKeys: UniqueKey[]; indexes: TableIndex[] } {
  const nameOf = (column: string) => fields.find((f) => toColumn(f.name) === column)?.name ?? toProperty(column);
  const columnsOf = (i: IndexRow) =>
    String(i.indexField ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .map(nameOf);
  const sets = rows.filter((i) => i.indexType !== 'normal').map(columnsOf);
  const indexes = rows
    .filter((i) => i.indexType === 'normal')
    .map((i) => ({ fields: columnsOf(i).slice(0, 5) as TableIndex['fields'], name: text(i.indexName) }))
    .filter((x) => x.fields.length)
    .map(({ fields: cols, name }) => {
      const defaults = [oldTable, table].flatMap((t) => [tableIndexName(t, { fields: cols }), `uk_${t}_${cols.map(toColumn).join('_')}`]);
      return name && !defaults.includes(name) ? { name, fields: cols } : { fields: cols };
    });
  const uniqueNames = new Set(sets.filter((s) => s.length === 1).map((s) => s[0]));
  const uniqueKeys = sets
    .filter((s) => s.length > 1)
    .map((s) => {
      const prev = old.find((k) => k.fields.join(',') === s.join(','));
      return { ...(prev ?? {}), fields: s.slice(0, 5) as UniqueKey['fields'] };
    });
  return {
    fields: fields.map((f) => {
      const { unique: _u, ...rest } = f;
      return uniqueNames.has(f.name) ? { ...rest, unique: true } : rest;
    }),
    uniqueKeys,
    indexes,
  };
}

/** Rows in the order of `order` (physical indexes in their new visual order). */
export function reorder<T>(rows: T[], order: number[]): T[] {
  return order.map((i) => rows[i]).filter((r): r is T => r !== undefined);
}
