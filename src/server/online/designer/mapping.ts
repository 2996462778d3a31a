import type { RowAction, ScreenField, ScreenSchema, StatusAction, TableIndex, Workflow } from '../../../shared/generated/screen-schema.js';
import { tableIndexName, toColumn } from '../../../shared/columns.js';
import { toProperty } from '../../../shared/row-keys.js';
import type { OnlCgformButton, OnlCgformField, OnlCgformHead, OnlCgformIndex } from '../../db/tables-cgform.js';

type AuditKeys = 'create_by' | 'create_time' | 'update_by' | 'update_time';

/** The configuration rows of one screen (api-contract §7.1) without audit columns. */
export interface ScreenRows {
  head: Omit<OnlCgformHead, AuditKeys | 'table_version' | 'is_db_synch' | 'copy_type' | 'copy_version' | 'physic_id'>;
  fields: Omit<OnlCgformField, AuditKeys>[];
  indexes: Omit<OnlCgformIndex, AuditKeys>[];
  buttons: OnlCgformButton[];
}

/**
 * Rows as read back (the stored columns the mapping needs). `indexes` is read only when the
 * head's ext_config_json holds no `indexes` (rows written by JeecgBoot's own designer).
 */
export interface StoredRows {
  head: ScreenRows['head'];
  fields: ScreenRows['fields'];
  buttons: OnlCgformButton[];
  indexes?: Pick<OnlCgformIndex, 'index_name' | 'index_field' | 'index_type'>[];
}

const TABLE_TYPE = { single: 1, main: 2, sub: 3 } as const;

/** opt_type of an onl_cgform_button row holding a declared status action (workflow `actions`). */
export const STATUS_BUTTON = 'status';
const TABLE_TYPE_OF: Record<number, ScreenSchema['tableType']> = { 1: 'single', 2: 'main', 3: 'sub' };

const yn = (v: boolean | undefined): string | null => (v === undefined ? null : v ? 'Y' : 'N');
const fromYn = (v: string | null | undefined): boolean | undefined => (v == null ? undefined : v === 'Y');
const bit = (v: boolean | undefined): number | null => (v === undefined ? null : v ? 1 : 0);
const fromBit = (v: number | null | undefined): boolean | undefined => (v == null ? undefined : Number(v) === 1);
const json = (v: object): string | null => (Object.keys(v).length ? JSON.stringify(v) : null);
const parse = (v: string | null): Record<string, unknown> => (v ? (JSON.parse(v) as Record<string, unknown>) : {});

/** Drops keys whose value is undefined (the schema never holds them). */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A sub screen's link to its main screen (the main screen's `subTables` entry naming it): the
 * main table and the sub field holding the main row's id.
 */
export interface MainLink {
  mainTable: string;
  foreignKey: string;
}

/**
 * Maps one screen schema to JeecgBoot's configuration rows (api-contract §7.1): head columns
 * (tableTxt, tableType 1/2/3, themeTemplate + isTree, formTemplate, isPage, isCheckbox, tree
 * columns, subTableStr), one onl_cgform_field row per field (dbFieldName = column, widget in
 * fieldShowType, table dictionaries split into dictTable/dictText/dictField, range queries as
 * queryMode `group`, `only` for unique), an onl_cgform_index row per unique field and unique key
 * (index_type unique) and per normal index (`indexes`, index_type normal), and an
 * onl_cgform_button row per row action (opt_type `action`) and per declared status action of the
 * workflow (opt_type `status`: button_code = action code, button_name = label, exp = the rest of
 * the action; the workflow's other settings stay in ext_config_json). Settings without a JeecgBoot column are kept in
 * `ext_config_json` (head) and `field_config_json` (field), so `rowsToScreen` gives the schema
 * back unchanged. `newId` names the rows. `main` (a sub screen's link, from the main screen's
 * subTables) fills main_table and main_field (`id`) of the foreign-key field's row, as
 * JeecgBoot's 外键 tab shows them; they are not read back (the main screen holds the link).
 */
export function screenToRows(screen: ScreenSchema, newId: () => string, main?: MainLink): ScreenRows {
  const { id, title, tableName, tableType, template, formTemplate, isPage, isCheckbox, tree, rowActions, workflow, fields, ...rest } =
    screen;
  const ext: Record<string, unknown> = { ...rest };
  if (rowActions && !rowActions.length) ext.rowActions = [];
  if (workflow) {
    const { actions: _actions, ...settings } = workflow;
    ext.workflow = settings;
  }
  const head: ScreenRows['head'] = {
    id,
    table_name: tableName,
    table_type: TABLE_TYPE[tableType],
    table_txt: title,
    is_checkbox: yn(isCheckbox),
    is_page: yn(isPage),
    is_tree: template === 'tree' ? 'Y' : 'N',
    id_sequence: null,
    id_type: 'UUID',
    query_mode: 'single',
    relation_type: null,
    sub_table_str: screen.subTables?.length ? screen.subTables.map((s) => s.id).join(',') : null,
    tab_order_num: null,
    tree_parent_id_field: tree ? toColumn(tree.pidField) : null,
    tree_id_field: tree ? toColumn(tree.hasChildField) : null,
    tree_fieldname: tree?.textField ? toColumn(tree.textField) : null,
    form_category: 'temp',
    form_template: formTemplate === undefined ? null : String(formTemplate),
    theme_template: template === 'tree' ? 'normal' : template,
    form_template_mobile: null,
    ext_config_json: json(ext),
    scroll: null,
    is_des_form: null,
    des_form_code: null,
  };
  const fieldRows = fields.map((f, i) => fieldToRow(f, i, id, newId(), f.name === main?.foreignKey ? main.mainTable : null));
  const indexRow = (index_name: string, columns: string[], index_type: 'unique' | 'normal') => ({
    id: newId(),
    cgform_head_id: id,
    index_name,
    index_field: columns.join(','),
    index_type,
    is_db_synch: 'N',
    del_flag: 0,
  });
  const indexes: ScreenRows['indexes'] = [
    ...fields.filter((f) => f.unique).map((f) => indexRow(`uk_${tableName}_${toColumn(f.name)}`, [toColumn(f.name)], 'unique')),
    ...(screen.uniqueKeys ?? []).map((k) =>
      indexRow(`uk_${tableName}_${k.fields.map(toColumn).join('_')}`, k.fields.map(toColumn), 'unique'),
    ),
    ...(screen.indexes ?? []).map((x) => indexRow(tableIndexName(tableName, x), x.fields.map(toColumn), 'normal')),
  ];
  const buttons: OnlCgformButton[] = (rowActions ?? []).map((a, i) => {
    const { action, title: name, ...exp } = a;
    return {
      id: newId(),
      cgform_head_id: id,
      button_code: action,
      button_name: name,
      button_icon: null,
      button_style: 'link',
      opt_type: 'action',
      exp: JSON.stringify(exp),
      button_status: '1',
      opt_position: '2',
      order_num: i,
    };
  });
  const statusButtons: OnlCgformButton[] = (workflow?.actions ?? []).map((a, i) => {
    const { code, label, ...exp } = a;
    return {
      id: newId(),
      cgform_head_id: id,
      button_code: code,
      button_name: label,
      button_icon: null,
      button_style: 'link',
      opt_type: STATUS_BUTTON,
      exp: JSON.stringify(exp),
      button_status: '1',
      opt_position: '2',
      order_num: buttons.length + i,
    };
  });
  return { head, fields: fieldRows, indexes, buttons: [...buttons, ...statusButtons] };
}

function fieldToRow(f: ScreenField, order: number, headId: string, id: string, mainTable: string | null): ScreenRows['fields'][number] {
  const {
    name,
    title,
    widget,
    dbType,
    dbLength,
    dbPointLength,
    dbDefault,
    dictCode,
    required,
    showList,
    showForm,
    queryMode,
    queryDefault,
    queryWidget,
    readOnly,
    sortable,
    persist,
    width,
    fieldHref,
    extend,
    unique,
    validType,
    defaultValue,
    ...rest
  } = f;
  const config: Record<string, unknown> = { ...rest };
  const column = toColumn(name);
  if (toProperty(column) !== name) config.name = name;
  const dictParts = dictCode?.split(',');
  const tableDict = dictParts?.length === 3;
  let validCode: string | null = validType ?? null;
  if (unique === true && validType === undefined) validCode = 'only';
  else if (unique !== undefined) config.unique = unique;
  // a literal validType 'only' (the rule code itself) is told apart from `unique`
  if (validType === 'only') config.validType = 'only';
  if (defaultValue !== undefined && typeof defaultValue !== 'string') config.defaultValue = defaultValue;
  return {
    id,
    cgform_head_id: headId,
    db_field_name: column,
    db_field_txt: title,
    db_field_name_old: null,
    db_is_key: 0,
    db_is_null: required ? 0 : 1,
    db_is_persist: bit(persist),
    db_type: dbType,
    db_length: dbLength ?? null,
    db_point_length: dbPointLength ?? null,
    db_default_val: dbDefaultToColumn(dbDefault),
    dict_field: tableDict ? (dictParts as string[])[2] : (dictCode ?? null),
    dict_table: tableDict ? (dictParts as string[])[0] : null,
    dict_text: tableDict ? (dictParts as string[])[1] : null,
    field_show_type: widget,
    field_href: fieldHref ?? null,
    field_length: width ?? null,
    field_valid_type: validCode,
    field_must_input: required === undefined ? null : required ? '1' : '0',
    field_extend_json: extend ? JSON.stringify(extend) : null,
    field_default_value: typeof defaultValue === 'string' ? defaultValue : null,
    is_query: queryMode ? 1 : null,
    is_show_form: bit(showForm),
    is_show_list: bit(showList),
    is_read_only: bit(readOnly),
    query_mode: queryMode === 'range' ? 'group' : queryMode === 'single' ? 'single' : null,
    query_def_val: queryDefault ?? null,
    query_config_flag: queryWidget ? '1' : null,
    query_show_type: queryWidget ?? null,
    main_table: mainTable,
    main_field: mainTable ? 'id' : null,
    order_num: order,
    sort_flag: sortable === undefined ? null : sortable ? '1' : '0',
    converter: null,
    field_config_json: json(config),
  };
}

/**
 * The inverse of `screenToRows`: builds the screen schema from its stored rows (fields in
 * `order_num` order, row actions from the `action` buttons in theirs). The result is not yet
 * checked: callers pass it through checkScreen like any file screen.
 */
export function rowsToScreen(rows: StoredRows): ScreenSchema {
  const h = rows.head;
  const ext = parse(h.ext_config_json);
  const fields = [...rows.fields].sort((a, b) => (a.order_num ?? 0) - (b.order_num ?? 0)).map(rowToField);
  const rowActions: RowAction[] = [...rows.buttons]
    .filter((b) => b.opt_type === 'action' && b.exp)
    .sort((a, b) => (a.order_num ?? 0) - (b.order_num ?? 0))
    .map((b) => ({
      action: b.button_code ?? '',
      title: b.button_name ?? '',
      ...(JSON.parse(b.exp as string) as Omit<RowAction, 'action' | 'title'>),
    }));
  const statusActions: StatusAction[] = [...rows.buttons]
    .filter((b) => b.opt_type === STATUS_BUTTON && b.exp)
    .sort((a, b) => (a.order_num ?? 0) - (b.order_num ?? 0))
    .map((b) => ({
      code: b.button_code ?? '',
      label: b.button_name ?? '',
      ...(JSON.parse(b.exp as string) as Omit<StatusAction, 'code' | 'label'>),
    }));
  const settings = ext.workflow as Omit<Workflow, 'actions'> | undefined;
  const template = (h.is_tree === 'Y' ? 'tree' : (h.theme_template ?? 'normal')) as ScreenSchema['template'];
  const pidField = h.tree_parent_id_field;
  const hasChildField = h.tree_id_field;
  return compact({
    ...ext,
    id: h.id,
    title: h.table_txt,
    tableName: h.table_name,
    tableType: TABLE_TYPE_OF[h.table_type] ?? 'single',
    template,
    formTemplate: h.form_template ? (Number(h.form_template) as ScreenSchema['formTemplate']) : undefined,
    isPage: fromYn(h.is_page),
    isCheckbox: fromYn(h.is_checkbox),
    tree:
      pidField && hasChildField
        ? compact({
            pidField: toProperty(pidField),
            hasChildField: toProperty(hasChildField),
            textField: h.tree_fieldname ? toProperty(h.tree_fieldname) : undefined,
          })
        : undefined,
    rowActions: rowActions.length ? rowActions : (ext.rowActions as RowAction[] | undefined),
    workflow: settings ? ({ ...settings, actions: statusActions } as Workflow) : undefined,
    indexes: (ext.indexes as TableIndex[] | undefined) ?? normalIndexes(h.table_name, fields, rows.indexes ?? []),
    fields,
  } as ScreenSchema);
}

/** The schema's `indexes` from onl_cgform_index rows of index_type normal (undefined when none). */
function normalIndexes(table: string, fields: ScreenField[], rows: NonNullable<StoredRows['indexes']>): TableIndex[] | undefined {
  const nameOf = (column: string) => fields.find((f) => toColumn(f.name) === column)?.name ?? toProperty(column);
  const list = rows
    .filter((r) => r.index_type === 'normal' && r.index_field)
    .map((r) => {
      const cols = String(r.index_field)
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      const index = { fields: cols.map(nameOf) } as TableIndex;
      return r.index_name && r.index_name !== tableIndexName(table, index) ? { name: r.index_name, ...index } : index;
    });
  return list.length ? list : undefined;
}

/**
 * db_default_val of a `dbDefault`: the number, or the text (quoted as an SQL literal only when
 * it looks quoted itself, so reading it back gives the same text).
 */
function dbDefaultToColumn(v: ScreenField['dbDefault']): string | null {
  if (v === undefined) return null;
  if (typeof v === 'number') return String(v);
  return /^'.*'$/s.test(v) ? `'${v.replace(/'/g, "''")}'` : v;
}

/**
 * The `dbDefault` of db_default_val: a number on numeric columns, else the text (JeecgBoot may
 * store it as a quoted SQL literal: unquoted). What is not a literal stays text for the checker.
 */
function dbDefaultOfColumn(v: string | null, dbType: string): ScreenField['dbDefault'] {
  if (v == null || v === '') return undefined;
  if ((dbType === 'int' || dbType === 'double' || dbType === 'BigDecimal') && v.trim() !== '' && Number.isFinite(Number(v)))
    return Number(v);
  const quoted = /^'(.*)'$/s.exec(v);
  return quoted ? quoted[1].replace(/''/g, "'") : v;
}

/** JeecgBoot's own show types of query_show_type that name our widgets differently. */
const QUERY_SHOW_TYPE: Record<string, string> = { text: 'input', list: 'select' };

/**
 * The `queryWidget` of a field row: query_show_type while the field is queried and its
 * query_config_flag is not off (JeecgBoot reads it only then; 'text'/'list' as input/select).
 */
function queryWidgetOfRow(r: ScreenRows['fields'][number]): ScreenField['queryWidget'] {
  if (!r.is_query || r.query_config_flag === '0' || !r.query_show_type) return undefined;
  return (QUERY_SHOW_TYPE[r.query_show_type] ?? r.query_show_type) as ScreenField['queryWidget'];
}

function rowToField(r: ScreenRows['fields'][number]): ScreenField {
  const config = parse(r.field_config_json);
  const dictCode = r.dict_table ? `${r.dict_table},${r.dict_text ?? ''},${r.dict_field ?? ''}` : (r.dict_field ?? undefined);
  const only = r.field_valid_type === 'only';
  return compact({
    ...config,
    name: (config.name as string | undefined) ?? toProperty(r.db_field_name),
    title: r.db_field_txt ?? '',
    widget: r.field_show_type ?? 'input',
    dbType: r.db_type as ScreenField['dbType'],
    dbLength: r.db_length ?? undefined,
    dbPointLength: r.db_point_length ?? undefined,
    dbDefault: dbDefaultOfColumn(r.db_default_val, r.db_type),
    dictCode,
    required: r.field_must_input == null ? undefined : r.field_must_input === '1',
    showList: fromBit(r.is_show_list),
    showForm: fromBit(r.is_show_form),
    queryMode: r.is_query ? (r.query_mode === 'group' ? 'range' : 'single') : undefined,
    queryDefault: r.is_query ? (r.query_def_val ?? undefined) : undefined,
    queryWidget: queryWidgetOfRow(r),
    readOnly: fromBit(r.is_read_only),
    sortable: r.sort_flag == null ? undefined : r.sort_flag === '1',
    persist: fromBit(r.db_is_persist),
    unique: only && config.validType !== 'only' ? true : (config.unique as boolean | undefined),
    validType: only ? (config.validType as string | undefined) : (r.field_valid_type ?? undefined),
    defaultValue: (config.defaultValue as ScreenField['defaultValue']) ?? r.field_default_value ?? undefined,
    width: r.field_length ?? undefined,
    fieldHref: r.field_href ?? undefined,
    extend: r.field_extend_json ? (JSON.parse(r.field_extend_json) as ScreenField['extend']) : undefined,
  } as ScreenField);
}
