import Ajv, { type ValidateFunction } from 'ajv';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { builtinValueSchema } from '../../shared/value-schema.js';

const ajv = new Ajv({ allErrors: false, allowUnionTypes: true, strict: false });
const cache = new WeakMap<ScreenField, ValidateFunction>();

/**
 * Checks one submitted value against its widget's value JSON Schema (src/shared/value-schema.ts,
 * the same schema the registry declares) with ajv. Returns a clear message naming the field,
 * or null when the value fits.
 */
export function checkValueSchema(field: ScreenField, value: unknown): string | null {
  let validate = cache.get(field);
  if (!validate) {
    validate = ajv.compile(builtinValueSchema(field));
    cache.set(field, validate);
  }
  return validate(value) ? null : `${field.title}的值不符合要求`;
}
