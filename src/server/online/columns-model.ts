import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { DictService, DictModel } from '../modules/dict/dict-service.js';
import type { LoadedScreen } from './screen-registry.js';

const TABLE_TYPE = { single: 1, main: 2, sub: 3 } as const;

/** Widget → JeecgBoot online fieldShowType (api-contract §7.1). */
function fieldShowType(f: ScreenField): string {
  const map: Record<string, string> = { input: 'text', inputNumber: 'text', select: 'list', upload: 'file' };
  return map[f.widget] ?? f.widget;
}

/**
 * getColumns result (OnlComplexModel, api-contract §7.3) for a screen, plus `screen`: the
 * screen schema itself, which our client renders from (JeecgBoot clients ignore extra keys).
 * `hideColumns` lists the built-in buttons the user may not use.
 */
export async function columnsModel(loaded: LoadedScreen, dicts: DictService, hidden: string[]): Promise<Record<string, unknown>> {
  const { screen } = loaded;
  const dictOptions: Record<string, DictModel[]> = {};
  const columns = [];
  for (const f of screen.fields) {
    if (f.showList === false) continue;
    const col = toColumn(f.name);
    const entry: Record<string, unknown> = {
      title: f.title,
      dataIndex: col,
      align: 'center',
      sorter: true,
      dbType: f.dbType,
      fieldType: fieldShowType(f),
    };
    if (f.dictCode && !f.dictCode.includes(',')) {
      dictOptions[col] = await dicts.itemsOf(f.dictCode);
      entry.customRender = col;
    } else if (f.dictCode || f.widget === 'sel_user' || f.widget === 'sel_depart') {
      entry.customRender = `_replace_text_${col}_dictText`;
    }
    if (f.widget === 'image') entry.scopedSlots = { customRender: 'imgSlot' };
    if (f.widget === 'file' || f.widget === 'upload') entry.scopedSlots = { customRender: 'fileSlot' };
    columns.push(entry);
  }
  return {
    code: screen.id,
    currentTableName: screen.tableName,
    description: screen.title,
    tableType: TABLE_TYPE[screen.tableType],
    formTemplate: String(screen.formTemplate ?? 2),
    paginationFlag: screen.isPage === false ? 'N' : 'Y',
    checkboxFlag: screen.isCheckbox === false ? 'N' : 'Y',
    scrollFlag: 1,
    columns,
    hideColumns: hidden,
    dictOptions,
    cgButtonList: [],
    fieldHrefSlots: [],
    enhanceJs: '',
    // sub tables: their foreign-key column → the main table's id; tree tables: their columns (api-contract §7.3)
    foreignKeys: loaded.main ? [{ field: toColumn(loaded.main.link.foreignKey), key: 'id' }] : [],
    ...(screen.tree
      ? {
          pidField: toColumn(screen.tree.pidField),
          hasChildrenField: toColumn(screen.tree.hasChildField),
          textField: screen.tree.textField ? toColumn(screen.tree.textField) : undefined,
        }
      : {}),
    relationType: loaded.main ? (loaded.main.link.relationType === 'oneToOne' ? 1 : 0) : undefined,
    screen,
  };
}

/** getQueryInfo result: the query fields (api-contract §7.2). */
export function queryInfo(loaded: LoadedScreen): Record<string, unknown>[] {
  return loaded.screen.fields
    .filter((f) => f.queryMode)
    .map((f, i) => ({
      field: toColumn(f.name),
      label: f.title,
      view: fieldShowType(f),
      mode: f.queryMode === 'range' ? 'group' : 'single',
      dictCode: f.dictCode && !f.dictCode.includes(',') ? f.dictCode : undefined,
      dictTable: f.dictCode?.includes(',') ? f.dictCode.split(',')[0] : undefined,
      dictText: f.dictCode?.includes(',') ? f.dictCode.split(',')[1] : undefined,
      order: i,
    }));
}

/** getFormItem result: head and a JSON-schema-like properties map (api-contract §7.2). */
export function formItem(loaded: LoadedScreen): Record<string, unknown> {
  const { screen } = loaded;
  const properties: Record<string, unknown> = {};
  screen.fields.forEach((f, order) => {
    if (f.showForm === false) return;
    properties[toColumn(f.name)] = {
      title: f.title,
      view: fieldShowType(f),
      type: f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'BigDecimal' ? 'number' : 'string',
      order,
      dictCode: f.dictCode,
      defVal: f.defaultValue,
      fieldExtendJson: f.extend ? JSON.stringify(f.extend) : undefined,
      disabled: f.readOnly || undefined,
    };
  });
  // main tables: each sub table as a tab property (api-contract §7.2 getFormItem)
  for (const [i, { loaded: sub, link }] of (loaded.subs ?? []).entries()) {
    const inner = formItem(sub).schema as { properties: Record<string, unknown>; required: string[] };
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
