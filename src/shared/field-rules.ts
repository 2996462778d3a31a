/**
 * The per-field rules a screen schema can declare beyond its rule code (spec 5.1): a shared rule
 * set (`formRule`) and the builders' bounds (`minLength`/`maxLength` → 最小长度N位字符 /
 * 最大长度N位字符, `minItems`/`maxItems` → 最少选择N项 / 最多选择N项). Client and server both use
 * them, so the form and a request that skips it are refused with the same message.
 */
import type { ScreenField } from './generated/screen-schema.js';
import { FORM_RULES, validateValue, type FormRule } from './form-rules.js';
import { requiredMessage } from './rule-codes.js';

type RuleField = Pick<ScreenField, 'title' | 'widget' | 'formRule' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems'>;

/** Items of a multi-choice value: an array, or a comma-joined string (as stored). */
function itemsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return String(value)
    .split(',')
    .filter((v) => v !== '');
}

/**
 * The required message of a field: the `formRule` set's own required message when it has one
 * (mobile 请输入手机号, username 请输入用户名), else 请输入{title}! / 请选择{title}!.
 */
export function fieldRequiredMessage(field: RuleField): string {
  const own = field.formRule ? FORM_RULES[field.formRule].find((r: FormRule) => r.required) : undefined;
  return own?.message ?? requiredMessage(field);
}

/**
 * The non-required rules of a field, in order: the `formRule` patterns (spec 5.1 messages), then
 * min/max length, then min/max items. Each runs on non-empty values only.
 */
export function fieldRules(field: RuleField): FormRule[] {
  const rules: FormRule[] = field.formRule ? FORM_RULES[field.formRule].filter((r: FormRule) => !r.required) : [];
  if (field.minLength) rules.push({ min: field.minLength, message: `最小长度${field.minLength}位字符` });
  if (field.maxLength) rules.push({ max: field.maxLength, message: `最大长度${field.maxLength}位字符` });
  const { minItems, maxItems } = field;
  if (minItems) rules.push({ message: `最少选择${minItems}项`, check: (v) => itemsOf(v).length >= minItems });
  if (maxItems) rules.push({ message: `最多选择${maxItems}项`, check: (v) => itemsOf(v).length <= maxItems });
  return rules;
}

/** Runs {@link fieldRules} on a value; the first failing message or null (empty values pass). */
export function checkFieldRules(field: RuleField, value: unknown): string | null {
  const rules = fieldRules(field);
  return rules.length ? validateValue(value, rules) : null;
}
