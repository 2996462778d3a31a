import type { ScreenSchema } from '../../../shared/generated/screen-schema.js';
import { SYSTEM_COLUMNS } from '../../../shared/columns.js';
import { toColumn } from '../../../shared/columns.js';
import { toProperty } from '../../../shared/row-keys.js';
import { BizError } from '../../http/envelope.js';
import type { LoadedScreen } from '../screen-registry.js';
import { rowsToScreen, screenToRows, type MainLink, type ScreenRows } from './mapping.js';

type Row = Record<string, unknown>;

/** snake_case row → JeecgBoot's camelCase entity (api-contract §7.1). */
export function camelRow(row: object): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [toProperty(k), v]));
}

/** camelCase entity → snake_case row. */
export function snakeRow(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [toColumn(k), v]));
}

/**
 * The head entity of a screen as JeecgBoot's designer lists it (onl_cgform_head, camelCase),
 * plus ours: `isBuiltIn` (a file screen: read-only in the designer), `synced`.
 */
export function headEntity(loaded: LoadedScreen, stored?: Row): Row {
  const rows = screenToRows(loaded.screen, () => '');
  const base = stored ?? {
    ...rows.head,
    table_version: 1,
    is_db_synch: 'Y',
    copy_type: loaded.screen.viewOf ? 1 : 0,
    copy_version: null,
    physic_id: loaded.screen.viewOf ?? null,
    create_by: null,
    create_time: null,
    update_by: null,
    update_time: null,
  };
  return { ...camelRow(base), isBuiltIn: !loaded.authored, authPre: loaded.screen.authPre };
}

/** A sub screen's link to its main screen (the registry's `main`), or undefined. */
export function mainLinkOf(loaded: LoadedScreen | undefined): MainLink | undefined {
  return loaded?.main ? { mainTable: loaded.main.loaded.screen.tableName, foreignKey: loaded.main.link.foreignKey } : undefined;
}

/**
 * The field entities of a screen (onl_cgform_field, camelCase), in order; a sub screen's
 * foreign-key field carries mainTable and mainField from its main screen's subTables.
 */
export function fieldEntities(loaded: LoadedScreen): Row[] {
  const { screen } = loaded;
  return screenToRows(screen, () => '', mainLinkOf(loaded)).fields.map((f, i) => ({ ...camelRow(f), id: `${screen.id}_${i}` }));
}

/**
 * The 外键 tab of a sub screen: every main screen whose subTables name it, with the foreign-key
 * field and whether the designer may save that main screen (authored, not built-in).
 */
export function foreignKeysOf(screens: readonly LoadedScreen[], subId: string): Row[] {
  return screens.flatMap((m) =>
    (m.screen.subTables ?? [])
      .filter((st) => st.id === subId)
      .map((st) => ({
        mainId: m.screen.id,
        mainTitle: m.screen.title,
        mainTable: m.screen.tableName,
        mainField: 'id',
        foreignKey: st.foreignKey,
        relationType: st.relationType ?? 'oneToMany',
        editable: !!m.authored,
      })),
  );
}

/** The index entities of a screen (onl_cgform_index, camelCase). */
export function indexEntities(screen: ScreenSchema): Row[] {
  return screenToRows(screen, () => '').indexes.map((f, i) => ({ ...camelRow(f), id: `${screen.id}_idx_${i}` }));
}

/**
 * The screen schema a designer save sends: ours (`{schema}`: the screen schema itself), or
 * JeecgBoot's addAll/editAll body (`{head, fields, indexs}`, camelCase entities; system columns
 * skipped; the permission prefix defaults to the table name; `indexs` of index_type normal become
 * the schema's `indexes`). `current` keeps the stored row
 * actions of an edited screen. BizError when neither shape is present.
 */
export function bodyToSchema(body: unknown, current?: ScreenSchema): unknown {
  if (!body || typeof body !== 'object') throw new BizError('请求内容不正确');
  const b = body as Row;
  if (b.schema && typeof b.schema === 'object') return b.schema;
  if (!b.head || typeof b.head !== 'object' || !Array.isArray(b.fields)) throw new BizError('请求内容不正确：缺少 head 或 fields');
  const head = snakeRow(b.head as Row) as unknown as ScreenRows['head'];
  const ext = head.ext_config_json ? (JSON.parse(String(head.ext_config_json)) as Row) : {};
  if (!ext.authPre) ext.authPre = current?.authPre ?? String(head.table_name ?? '').replace(/[^a-z0-9_]/g, '_');
  // the body's index list (normal ones become `indexes`) replaces the stored one
  const indexes = Array.isArray(b.indexs) ? (b.indexs as Row[]).map((x) => snakeRow(x) as unknown as ScreenRows['indexes'][number]) : [];
  if (Array.isArray(b.indexs)) delete ext.indexes;
  const fields = (b.fields as Row[])
    .map((f) => snakeRow(f) as unknown as ScreenRows['fields'][number])
    .filter((f) => !(SYSTEM_COLUMNS as readonly string[]).includes(String(f.db_field_name)) && f.db_field_name !== 'tenant_id');
  const rows = screenToRows(
    current ?? ({ id: 'x', title: 'x', tableName: 'x', tableType: 'single', template: 'normal', authPre: 'x', fields: [] } as ScreenSchema),
    () => '',
  );
  return rowsToScreen({
    head: {
      ...head,
      id: String(head.id || head.table_name || ''),
      table_type: Number(head.table_type) || 1,
      ext_config_json: JSON.stringify(ext),
    },
    fields: fields.map((f, i) => ({ ...f, order_num: f.order_num ?? i })),
    buttons: current ? rows.buttons : [],
    indexes,
  });
}
