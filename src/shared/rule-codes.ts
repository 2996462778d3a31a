/**
 * The validation codes of spec 5.4 (JeecgBoot's `validType` codes and messages), custom patterns,
 * "no value" and the required messages. The field-validation pipeline (field-validation.ts) builds
 * every caller's rules from them.
 */
import type { ScreenField } from './generated/screen-schema.js';
import { MOBILE_PATTERNS } from './mobile-patterns.js';
import { customPattern, type PatternTester } from './custom-pattern.js';

/** A resolved pattern rule: test non-empty values with `pattern`, show `message` on failure. */
export interface PatternRule {
  pattern: PatternTester;
  message: string;
}

/** A validation code's rule: a built-in RegExp (its source is sent to JeecgBoot clients). */
export interface CodeRule extends PatternRule {
  pattern: RegExp;
}

/**
 * The validation codes of spec 5.4 (JeecgBoot's `validType` codes) with their patterns and
 * messages. `only` (no duplicate) is not here: the server's duplicate check handles it.
 * `*` is listed for completeness; since pattern rules only run on non-empty values, the
 * pipeline treats `*` as "required" with its own message.
 */
export const RULE_CODES: Readonly<Record<string, CodeRule>> = Object.freeze({
  'n6-16': { pattern: /^\d{6,16}$/, message: '请输入6-16位数字' },
  '*6-16': { pattern: /^[\s\S]{6,16}$/, message: '请输入6-16位任意字符' },
  's6-18': { pattern: /^[a-zA-Z]{6,18}$/, message: '请输入6-18位字母' },
  url: {
    pattern: /^(?:(?:https?|ftp):\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i,
    message: '请输入正确的网址',
  },
  e: { pattern: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-zA-Z]{2,}$/, message: '请输入正确的电子邮件' },
  m: { pattern: MOBILE_PATTERNS.ruleCode, message: '请输入正确的手机号码' },
  p: { pattern: /^\d{6}$/, message: '请输入正确的邮政编码' },
  s: { pattern: /^[a-zA-Z]+$/, message: '请输入字母' },
  n: { pattern: /^-?\d+(?:\.\d+)?$/, message: '请输入数字' },
  z: { pattern: /^-?\d+$/, message: '请输入整数' },
  '*': { pattern: /\S/, message: '该字段不能为空' },
  money: { pattern: /^-?\d+(?:\.\d{1,2})?$/, message: '请输入正确的金额' },
});

/** Messages of a custom pattern and of a missing value (not given by the spec; the one zh-CN place). */
export const FIELD_MESSAGES = {
  defaultPattern: '格式不正确',
  requiredInput: (title: string) => `请输入${title}!`,
  requiredSelect: (title: string) => `请选择${title}!`,
} as const;

/** Widgets whose required message reads 请选择… instead of 请输入…. */
export const SELECT_LIKE_WIDGETS: ReadonlySet<string> = new Set([
  'select',
  'radio',
  'sel_user',
  'sel_depart',
  'sel_search',
  'date',
  'datetime',
  'time',
  'switch',
  'file',
  'image',
  'upload',
  'checkbox',
  'checkbox_meta',
  'list_multi',
  'sel_search_async',
  'popup',
  'sel_tree',
  'cat_tree',
  'link_down',
  'sel_multi_user',
  'sel_position',
  'sel_role',
]);

/**
 * Resolves a field's `validType` to a pattern rule (spec 5.4).
 * - a code of {@link RULE_CODES} → its pattern and message (`validMessage` overrides the message);
 * - `only` → null (duplicate check, done by the server);
 * - anything else is a regular expression → that pattern, message `validMessage` or '格式不正确';
 *   a regular expression that does not compile yields null (the schema checker reports it).
 */
export function resolveRule(validType: string, validMessage?: string): PatternRule | null {
  if (!validType || validType === 'only') return null;
  const code = RULE_CODES[validType];
  if (code) return { pattern: code.pattern, message: validMessage || code.message };
  const pattern = customPattern(validType);
  return pattern ? { pattern, message: validMessage || FIELD_MESSAGES.defaultPattern } : null;
}

/** True for undefined, null, '' (or only whitespace) and empty arrays: "no value". */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The required message of a field: 请选择{title}! for select-like widgets, else 请输入{title}!. */
export function requiredMessage(field: Pick<ScreenField, 'title' | 'widget'>): string {
  return SELECT_LIKE_WIDGETS.has(field.widget) ? FIELD_MESSAGES.requiredSelect(field.title) : FIELD_MESSAGES.requiredInput(field.title);
}
