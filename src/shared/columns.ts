import type { ScreenField, ScreenSchema } from './generated/screen-schema.js';

/** camelCase field name → snake_case column ('accountName' → 'account_name'). */
export function toColumn(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/** System columns every screen table has (business-screens.md §0), in table order. */
export const SYSTEM_COLUMNS = ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'] as const;

/** Names no field may take: the system columns' field names. */
export const RESERVED_FIELD_NAMES = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'];

/** The fields stored in the table: every field except those with `persist: false`. */
export function persistedFields(screen: Pick<ScreenSchema, 'fields'>): ScreenField[] {
  return screen.fields.filter((f) => f.persist !== false);
}

/** Every column of a screen's table: system columns then one per stored field. */
export function tableColumns(screen: ScreenSchema): string[] {
  return [...SYSTEM_COLUMNS, ...persistedFields(screen).map((f) => toColumn(f.name))];
}

/** The field whose column or name is `key` (accepts 'account_name' and 'accountName'). */
export function fieldByKey(screen: ScreenSchema, key: string): ScreenField | undefined {
  return screen.fields.find((f) => f.name === key || toColumn(f.name) === key);
}

/**
 * Name of a normal index of table `table` (schema `indexes`): its own `name`, else
 * idx_{table}_{columns} cut to PostgreSQL's 63 characters.
 */
export function tableIndexName(table: string, index: { name?: string; fields: string[] }): string {
  return index.name ?? `idx_${table}_${index.fields.map(toColumn).join('_')}`.slice(0, 63);
}
