/**
 * JSON Schemas of stored field values, for the server's ajv input validation (docs/architecture.md "Screens are data": the
 * server validates input from the same schema). Headless — no React — so the server can import
 * it; each built-in widget definition points at {@link builtinValueSchema} (or one of the
 * helpers here), so the registry and the server agree. The schemas use union types
 * (`type: ['string', 'null']`): compile them with ajv's `allowUnionTypes: true` (or `strict: false`).
 */
import type { ScreenField } from './generated/screen-schema.js';
import { storageSchema, type JsonSchemaLike } from './storage-limits.js';

export type { JsonSchemaLike };

/**
 * The schema a value of `field` must satisfy given its dbType: the storage limit of the one table
 * in storage-limits.ts ({@link storageSchema}), as JSON Schema. null and '' (no value) pass.
 */
export const dbValueSchema: (field: ScreenField) => JsonSchemaLike = storageSchema;

/** The [on, off] values of a two-state widget (extend.options, default ['Y', 'N'], spec 9). */
export function onOffOptions(field: Pick<ScreenField, 'extend'> | undefined): [string, string] {
  const o = field?.extend?.options;
  return o && o.length >= 2 ? [String(o[0]), String(o[1])] : ['Y', 'N'];
}

/** Switch (and single checkbox) values: one of extend.options (default ['Y', 'N']), or no value. */
export function switchValueSchema(field: ScreenField): JsonSchemaLike {
  return { type: ['string', 'null'], enum: [...onOffOptions(field), '', null] };
}

/** A string value of a stored format (or no value), on top of the dbType schema. */
function formatted(field: ScreenField, pattern: string): JsonSchemaLike {
  const db = dbValueSchema(field);
  if (field.dbType !== 'string' && field.dbType !== 'Text') return db;
  return { allOf: [db, { type: ['string', 'null'], pattern }] };
}

/** Values joined by ',' (multi-select, pickers): no empty item, no blank around a separator. */
const COMMA_LIST = '^([^,\\s][^,]*(,[^,\\s][^,]*)*)?$';

/**
 * Per-widget value schemas beyond the dbType (spec 3 "Column types", spec 9 formats): date
 * 'YYYY-MM-DD' (month picker 'YYYY-MM'), datetime 'YYYY-MM-DD HH:mm:ss', time 'HH:mm:ss' even
 * in a string column; a number input in a string column holds a number; two-state widgets hold
 * their options; multi-value widgets a clean comma list. Other types use {@link dbValueSchema}.
 */
const WIDGET_SCHEMAS: Record<string, (field: ScreenField) => JsonSchemaLike> = {
  date: (f) => formatted(f, f.extend?.picker === 'month' ? '^(\\d{4}-\\d{2})?$' : '^(\\d{4}-\\d{2}-\\d{2})?$'),
  datetime: (f) => formatted(f, '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$'),
  time: (f) => formatted(f, '^(\\d{2}:\\d{2}:\\d{2})?$'),
  inputNumber: (f) => formatted(f, '^(-?\\d+(\\.\\d+)?)?$'),
  switch: switchValueSchema,
  checkbox_meta: switchValueSchema,
  checkbox: (f) => (f.dictCode ? formatted(f, COMMA_LIST) : switchValueSchema(f)),
  list_multi: (f) => formatted(f, COMMA_LIST),
  sel_user: (f) => formatted(f, COMMA_LIST),
  sel_depart: (f) => formatted(f, COMMA_LIST),
  sel_tree: (f) => formatted(f, COMMA_LIST),
  cat_tree: (f) => formatted(f, COMMA_LIST),
  sel_multi_user: (f) => formatted(f, COMMA_LIST),
  sel_position: (f) => formatted(f, COMMA_LIST),
  sel_role: (f) => formatted(f, COMMA_LIST),
  pca: (f) => ({ allOf: [dbValueSchema(f), { type: ['string', 'null'], maxLength: 64 }] }),
};

/**
 * The value schema of a field with a built-in widget (the server's entry point, no React):
 * the widget's own schema of {@link WIDGET_SCHEMAS}, else {@link dbValueSchema}.
 */
export function builtinValueSchema(field: ScreenField): JsonSchemaLike {
  const own = WIDGET_SCHEMAS[field.widget];
  return own ? own(field) : dbValueSchema(field);
}
