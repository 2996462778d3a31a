import type { ScreenSchema } from './generated/screen-schema.js';
import { toColumn } from './columns.js';

type Row = Record<string, unknown>;

const DICT_TEXT = '_dictText';

/** snake_case column → camelCase property ('create_time' → 'createTime'); other keys unchanged. */
export function toProperty(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function mapKeys(row: Row, key: (k: string) => string): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    const base = k.endsWith(DICT_TEXT) ? k.slice(0, -DICT_TEXT.length) : k;
    out[k === base ? key(base) : `${key(base)}${DICT_TEXT}`] = v;
  }
  return out;
}

/**
 * A row as JeecgBoot's system modules answer it (api-contract §5: JSON property names are the
 * camelCase of the columns): each field's column becomes the field name, system columns and
 * other keys their camelCase, `<column>_dictText` becomes `<name>_dictText`. Used for screens
 * served at their own paths (schema `url`); the online-form API keeps column names (§7).
 */
export function rowToProperties(screen: Pick<ScreenSchema, 'fields'>, row: Row): Row {
  const names = new Map(screen.fields.map((f) => [toColumn(f.name), f.name]));
  return mapKeys(row, (k) => names.get(k) ?? toProperty(k));
}

/** The inverse of rowToProperties: property names back to column names (the list runtime's keys). */
export function rowToColumns(screen: Pick<ScreenSchema, 'fields'>, row: Row): Row {
  const columns = new Map(screen.fields.map((f) => [f.name, toColumn(f.name)]));
  return mapKeys(row, (k) => columns.get(k) ?? toColumn(k));
}
