/** The columns of the form designer's tabs over the shared field rows (数据库属性 … 查询配置) and of the 索引 tab. */
import { RULE_CODES } from '../../../../shared/rule-codes';
import { QUERY_WIDGET_TYPES } from '../../../../shared/widget-types';
import type { GridColumn } from './DesignerGrid';
import { EDITOR_UI } from './editorTexts';
import { DB_TYPES } from './fieldRows';

const C = EDITOR_UI.col;

/** Tab keys of the field grids. */
export type FieldTab = 'db' | 'page' | 'check' | 'query';

/** Suggested default values (spec 3 "defaultValue"; `${code}` runs a fill rule). */
const DEFAULT_SUGGESTIONS = ['#{sysUserCode}', '#{sysOrgCode}', '#{sysDate}', '#{sysTime}', '${'];

/** The registry's widget types a query condition may use (查询控件): the query-capable ones registered. */
export function queryWidgets(widgets: string[]): string[] {
  return QUERY_WIDGET_TYPES.filter((w) => widgets.includes(w));
}

/**
 * The columns of tab `tab`; `widgets` are the registry's widget types (custom ones included).
 * Every tab but 数据库属性 shows the field name and label read-only first.
 */
export function fieldColumns(tab: FieldTab, widgets: string[]): GridColumn[] {
  const ident: GridColumn[] = [
    { data: 'dbFieldName', title: C.dbFieldName, readOnly: true, width: 140 },
    { data: 'title', title: C.title, readOnly: true, width: 120 },
  ];
  switch (tab) {
    case 'db':
      return [
        { data: 'dbFieldName', title: C.dbFieldName, width: 160 },
        { data: 'title', title: C.title, width: 160 },
        { data: 'dbLength', title: C.dbLength, type: 'numeric', width: 80 },
        { data: 'dbPointLength', title: C.dbPointLength, type: 'numeric', width: 70 },
        { data: 'dbType', title: C.dbType, type: 'dropdown', source: DB_TYPES, width: 110 },
        { data: 'nullable', title: C.nullable, type: 'checkbox', width: 70 },
        // appended after the original columns: tests address the cells by column index
        { data: 'dbDefault', title: C.dbDefault, width: 120 },
      ];
    case 'page':
      return [
        ...ident,
        { data: 'showForm', title: C.showForm, type: 'checkbox', width: 70 },
        { data: 'showList', title: C.showList, type: 'checkbox', width: 70 },
        { data: 'readOnly', title: C.readOnly, type: 'checkbox', width: 70 },
        { data: 'widget', title: C.widget, type: 'dropdown', source: widgets, width: 130 },
        { data: 'width', title: C.width, type: 'numeric', width: 80 },
        { data: 'dictCode', title: C.dictCode, width: 180 },
        { data: 'popupCode', title: C.popupCode, width: 140 },
        { data: 'orgFields', title: C.orgFields, width: 130 },
        { data: 'destFields', title: C.destFields, width: 130 },
        { data: 'defaultValue', title: C.defaultValue, type: 'autocomplete', source: DEFAULT_SUGGESTIONS, width: 140 },
        // appended after the original columns: tests address the cells by column index
        { data: 'sortable', title: C.sortable, type: 'checkbox', width: 70 },
        { data: 'fieldHref', title: C.fieldHref, width: 200 },
      ];
    case 'check':
      return [
        ...ident,
        { data: 'required', title: C.required, type: 'checkbox', width: 80 },
        { data: 'validType', title: C.validType, type: 'autocomplete', source: Object.keys(RULE_CODES), width: 200 },
        { data: 'validMessage', title: C.validMessage, width: 220 },
      ];
    case 'query':
      return [
        ...ident,
        { data: 'isQuery', title: C.isQuery, type: 'checkbox', width: 80 },
        { data: 'queryMode', title: C.queryMode, type: 'dropdown', source: ['single', 'range'], labels: EDITOR_UI.queryModes, width: 120 },
        { data: 'queryDefault', title: C.queryDefault, width: 200 },
        // appended after the original columns: tests address the cells by column index
        { data: 'queryWidget', title: C.queryWidget, type: 'dropdown', source: queryWidgets(widgets), width: 130 },
      ];
  }
}

/**
 * The columns of the 索引 tab (type normal or unique; several columns comma-joined; the name
 * is kept for normal indexes, unique ones are named after their columns).
 */
export const INDEX_COLUMNS: GridColumn[] = [
  { data: 'indexName', title: C.indexName, width: 220 },
  { data: 'indexField', title: C.indexField, width: 260 },
  { data: 'indexType', title: C.indexType, type: 'dropdown', source: ['normal', 'unique'], labels: EDITOR_UI.indexTypes, width: 100 },
];
