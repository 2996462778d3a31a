import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { DictService, DictModel } from '../modules/dict/dict-service.js';
import type { LoadedScreen } from './screen-registry.js';

/** Screen tableType → JeecgBoot's onl_cgform_head.tableType. */
export const TABLE_TYPE = { single: 1, main: 2, sub: 3 } as const;

/** Widget → JeecgBoot online fieldShowType (api-contract §7.1). */
export function fieldShowType(f: Pick<ScreenField, 'widget'>): string {
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
      sorter: f.sortable !== false,
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

/**
 * A field's dictionary as JeecgBoot's online API answers it: a plain code as `dictCode`; a table
 * dictionary `table,text,key` split into `dictTable`, `dictText` and `dictCode` (the key column),
 * which JeecgBoot's list and form join back as `dictTable,dictText,dictCode` for their search
 * selects (`/sys/dict/loadDict/{table,text,key}`).
 */
export function dictProps(dictCode: string | undefined): { dictCode?: string; dictTable?: string; dictText?: string } {
  if (!dictCode) return {};
  if (!dictCode.includes(',')) return { dictCode };
  const [table, text, key] = dictCode.split(',');
  return { dictTable: table, dictText: text, dictCode: key };
}

/** getQueryInfo result: the query fields (api-contract §7.2). */
export function queryInfo(loaded: LoadedScreen): Record<string, unknown>[] {
  return loaded.screen.fields
    .filter((f) => f.queryMode)
    .map((f, i) => ({
      field: toColumn(f.name),
      label: f.title,
      // the query widget of 查询配置 (JeecgBoot query_show_type) when set
      view: fieldShowType({ widget: f.queryWidget ?? f.widget }),
      mode: f.queryMode === 'range' ? 'group' : 'single',
      ...dictProps(f.dictCode),
      order: i,
    }));
}
