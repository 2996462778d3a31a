/**
 * The one field-validation pipeline (spec 5.1, 5.4): what a screen field's value must satisfy and
 * with which message, decided once from the field and applied by every caller — the form compiler
 * (src/runtime/form/compile.ts), the editable sub table (renderers/form/sub-table-columns.ts) and
 * the server's record validation (src/server/online/record-service.ts). First failure wins:
 *   1. required: an empty value (undefined, null, blank text, empty list) fails with the formRule
 *      set's own required message or 请输入{title}! / 请选择{title}!; a field that is not required
 *      but has the code `*` fails with 该字段不能为空;
 *   2. unique (`unique: true` or the code `only`): checked by the caller against the other rows
 *      (table) or records (server);
 *   3. on a non-empty value, in order: the validType code of spec 5.4 or a custom regular
 *      expression (validMessage overrides the message), the spec 5.1 rule set and builders
 *      (formRule, min/max length, min/max items), then the storage limit of the dbType
 *      (src/shared/storage-limits.ts; lists skip it).
 */
import type { ScreenField } from './generated/screen-schema.js';
import { fieldRequiredMessage, fieldRules } from './field-rules.js';
import { validateValue } from './form-rules.js';
import { isEmptyValue, resolveRule, RULE_CODES } from './rule-codes.js';
import { asScalarText, checkStorage } from './storage-limits.js';

/** One check of a non-empty value: the failing message, or null when the value passes. */
export type ValueCheck = (value: unknown) => string | null;

/** A field's rules and messages, as {@link fieldValidation} decides them. */
export interface FieldValidation {
  /**
   * What an empty value gets by the field's own settings: the required message when `required`,
   * 该字段不能为空 for the code `*` alone, null when an empty value passes.
   */
  emptyMessage: string | null;
  /** The message of a missing value when the field is required (by itself or by linkage). */
  requiredMessage: string;
  /** Values must not repeat (`unique`, or the code `only`). */
  unique: boolean;
  /** The checks of a non-empty value, in pipeline order. */
  checks: readonly ValueCheck[];
}

/** The text a pattern is tested on: a scalar's text, a list joined by ',' (as stored); null for other values. */
function patternText(value: unknown): string | null {
  if (Array.isArray(value)) return value.join(',');
  return asScalarText(value);
}

const cache = new WeakMap<ScreenField, FieldValidation>();

/**
 * Decides a field's rules and messages (see the file comment). Input: a screen field. Returns the
 * {@link FieldValidation}, cached per field object. Never throws (a regular expression that does
 * not compile is skipped; the schema checker reports it).
 */
export function fieldValidation(field: ScreenField): FieldValidation {
  const hit = cache.get(field);
  if (hit) return hit;
  const star = field.validType === '*';
  const checks: ValueCheck[] = [];
  const rule = field.validType && !star ? resolveRule(field.validType, field.validMessage) : null;
  if (rule) {
    checks.push((value) => {
      const text = patternText(value);
      return text !== null && rule.pattern.test(text) ? null : rule.message;
    });
  }
  const extra = fieldRules(field);
  if (extra.length) checks.push((value) => validateValue(value, extra));
  checks.push((value) => (Array.isArray(value) ? null : checkStorage(field, value)));
  const requiredMessage = fieldRequiredMessage(field);
  const out: FieldValidation = {
    emptyMessage: field.required ? requiredMessage : star ? RULE_CODES['*'].message : null,
    requiredMessage,
    unique: !!field.unique || field.validType === 'only',
    checks,
  };
  cache.set(field, out);
  return out;
}

/** Runs the checks of a non-empty value; the first failing message or null. */
export function checkNonEmpty(validation: FieldValidation, value: unknown): string | null {
  for (const check of validation.checks) {
    const message = check(value);
    if (message) return message;
  }
  return null;
}

/**
 * The verdict of one value without the unique check: the first failing message or null.
 * `opts.required` replaces the field's own `required` (linkage decides it on the server); the
 * code `*` still refuses an empty value.
 */
export function validateFieldValue(field: ScreenField, value: unknown, opts: { required?: boolean } = {}): string | null {
  const v = fieldValidation(field);
  if (isEmptyValue(value)) {
    if (opts.required ?? !!field.required) return v.requiredMessage;
    return field.validType === '*' ? RULE_CODES['*'].message : null;
  }
  return checkNonEmpty(v, value);
}
