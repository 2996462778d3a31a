/**
 * JSON Schemas of stored field values, for the server's ajv input validation (DESIGN.md: the
 * server validates input from the same schema). Headless — no React — so the server can import
 * it; each widget definition points at one of these. The schemas use union types
 * (`type: ['string', 'null']`): compile them with ajv's `allowUnionTypes: true` (or `strict: false`).
 */
import type { ScreenField } from '../src/shared/generated/screen-schema.js';

export type JsonSchemaLike = Record<string, unknown>;

/** Largest integer a PostgreSQL `integer` column holds. */
const INT_MAX = 2147483647;

/**
 * The schema a value of `field` must satisfy given its dbType (mirrors src/server/online/ddl.ts
 * column types): strings within dbLength (default 255) characters; int an integer or integer
 * string; double/BigDecimal a number or numeric string (BigDecimal within its precision and
 * scale, default 18,2); Date 'YYYY-MM-DD'; Datetime 'YYYY-MM-DD HH:mm:ss'. null and '' (no value)
 * pass: required-ness is checked separately (src/shared/rule-codes.ts).
 */
export function dbValueSchema(field: ScreenField): JsonSchemaLike {
  switch (field.dbType) {
    case 'string':
      return { type: ['string', 'null'], maxLength: field.dbLength ?? 255 };
    case 'Text':
      return field.dbLength ? { type: ['string', 'null'], maxLength: field.dbLength } : { type: ['string', 'null'] };
    case 'int':
      return { type: ['integer', 'string', 'null'], pattern: '^(-?\\d{1,10})?$', minimum: -INT_MAX - 1, maximum: INT_MAX };
    case 'double':
      return { type: ['number', 'string', 'null'], pattern: '^(-?\\d+(\\.\\d+)?)?$' };
    case 'BigDecimal': {
      const scale = field.dbPointLength ?? 2;
      const intDigits = Math.max((field.dbLength ?? 18) - scale, 1);
      const frac = scale > 0 ? `(\\.\\d{1,${scale}})?` : '';
      const limit = 10 ** intDigits;
      return {
        type: ['number', 'string', 'null'],
        pattern: `^(-?\\d{1,${intDigits}}${frac})?$`,
        exclusiveMinimum: -limit,
        exclusiveMaximum: limit,
      };
    }
    case 'Date':
      return { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' };
    case 'Datetime':
      return { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$' };
    default:
      return {};
  }
}

/** Switch values: one of extend.options (default ['Y', 'N']), or no value. */
export function switchValueSchema(field: ScreenField): JsonSchemaLike {
  const options = field.extend?.options ?? ['Y', 'N'];
  return { type: ['string', 'null'], enum: [...options, '', null] };
}

/**
 * The value schema of a field with a built-in widget (the server's entry point, no React):
 * switch → {@link switchValueSchema}, everything else → {@link dbValueSchema}.
 */
export function builtinValueSchema(field: ScreenField): JsonSchemaLike {
  return field.widget === 'switch' ? switchValueSchema(field) : dbValueSchema(field);
}
