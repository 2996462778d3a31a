/**
 * Field validation shared by client and server (spec 5.4 rule codes, JeecgBoot messages) and the
 * storage checks a screen field's dbType implies. No React, no antd: the server's generic CRUD
 * and the client's form compiler both import it, so a value the form accepts is one the server
 * accepts.
 */
import type { ScreenField } from './generated/screen-schema.js';

/** A resolved pattern rule: test non-empty values with `pattern`, show `message` on failure. */
export interface PatternRule {
  pattern: RegExp;
  message: string;
}

/**
 * The validation codes of spec 5.4 (JeecgBoot's `validType` codes) with their patterns and
 * messages. `only` (no duplicate) is not here: the server's duplicate check handles it.
 * `*` is listed for completeness; since pattern rules only run on non-empty values,
 * {@link checkFieldValue} treats `*` as "required" with its own message.
 */
export const RULE_CODES: Readonly<Record<string, PatternRule>> = Object.freeze({
  'n6-16': { pattern: /^\d{6,16}$/, message: '请输入6-16位数字' },
  '*6-16': { pattern: /^[\s\S]{6,16}$/, message: '请输入6-16位任意字符' },
  's6-18': { pattern: /^[a-zA-Z]{6,18}$/, message: '请输入6-18位字母' },
  url: {
    pattern: /^(?:(?:https?|ftp):\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i,
    message: '请输入正确的网址',
  },
  e: { pattern: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-zA-Z]{2,}$/, message: '请输入正确的电子邮件' },
  m: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  p: { pattern: /^\d{6}$/, message: '请输入正确的邮政编码' },
  s: { pattern: /^[a-zA-Z]+$/, message: '请输入字母' },
  n: { pattern: /^-?\d+(?:\.\d+)?$/, message: '请输入数字' },
  z: { pattern: /^-?\d+$/, message: '请输入整数' },
  '*': { pattern: /\S/, message: '该字段不能为空' },
  money: { pattern: /^-?\d+(?:\.\d{1,2})?$/, message: '请输入正确的金额' },
});

/** Messages of the storage checks (not given by the spec; kept here as the one zh-CN place). */
export const FIELD_MESSAGES = {
  defaultPattern: '格式不正确',
  tooLong: (title: string, max: number) => `${title}长度不能超过${max}个字符`,
  notText: (title: string) => `${title}格式不正确`,
  notInteger: (title: string) => `${title}必须为整数`,
  intRange: (title: string) => `${title}超出整数范围`,
  notNumber: (title: string) => `${title}必须为数字`,
  tooManyDecimals: (title: string, n: number) => `${title}最多${n}位小数`,
  tooManyDigits: (title: string, n: number) => `${title}整数部分不能超过${n}位`,
  badDate: (title: string) => `${title}格式应为YYYY-MM-DD`,
  badDatetime: (title: string) => `${title}格式应为YYYY-MM-DD HH:mm:ss`,
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

const patternCache = new Map<string, RegExp | null>();

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
  let pattern = patternCache.get(validType);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(validType);
    } catch {
      pattern = null;
    }
    patternCache.set(validType, pattern);
  }
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

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const NUMERIC = /^-?(\d+)(?:\.(\d+))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function asScalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

/**
 * The checks a field's storage implies (dbType, dbLength, dbPointLength), on a non-empty value:
 * text length ≤ dbLength (default 255 for string); int an integer in range; double a number;
 * BigDecimal a number with ≤ dbPointLength decimals (default 2) and ≤ dbLength − dbPointLength
 * integer digits (default 18 total); Date 'YYYY-MM-DD' and a real date; Datetime
 * 'YYYY-MM-DD HH:mm:ss'. Returns the message or null.
 */
export function checkStorage(field: ScreenField, value: unknown): string | null {
  const raw = asScalarText(value);
  const title = field.title;
  if (raw === null) return FIELD_MESSAGES.notText(title);
  const text = raw.trim();
  switch (field.dbType) {
    case 'string':
    case 'Text': {
      const max = field.dbLength ?? (field.dbType === 'string' ? 255 : undefined);
      return max !== undefined && [...raw].length > max ? FIELD_MESSAGES.tooLong(title, max) : null;
    }
    case 'int': {
      if (!/^-?\d+$/.test(text)) return FIELD_MESSAGES.notInteger(title);
      const n = Number(text);
      return n < INT_MIN || n > INT_MAX ? FIELD_MESSAGES.intRange(title) : null;
    }
    case 'double':
      return NUMERIC.test(text) ? null : FIELD_MESSAGES.notNumber(title);
    case 'BigDecimal': {
      const m = NUMERIC.exec(text);
      if (!m) return FIELD_MESSAGES.notNumber(title);
      const scale = field.dbPointLength ?? 2;
      const precision = field.dbLength ?? 18;
      if ((m[2] ?? '').length > scale) return FIELD_MESSAGES.tooManyDecimals(title, scale);
      const intDigits = m[1].replace(/^0+(?=\d)/, '');
      const maxInt = Math.max(precision - scale, 0);
      return intDigits !== '0' && intDigits.length > maxInt ? FIELD_MESSAGES.tooManyDigits(title, maxInt) : null;
    }
    case 'Date': {
      const m = DATE.exec(text);
      return m && isRealDate(+m[1], +m[2], +m[3]) ? null : FIELD_MESSAGES.badDate(title);
    }
    case 'Datetime': {
      const m = DATETIME.exec(text);
      const ok = m && isRealDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60 && +m[6] < 60;
      return ok ? null : FIELD_MESSAGES.badDatetime(title);
    }
    default:
      return null;
  }
}

/**
 * Validates one stored value of a field and returns the first failing message, or null.
 * Order: required (请输入{title}! / 请选择{title}!, see {@link requiredMessage}), then the
 * `*` code (该字段不能为空) on an empty value; on a non-empty value the validType pattern
 * (spec 5.4, {@link resolveRule}), then {@link checkStorage}. `only`/`unique` is not checked
 * here (the server's duplicate check).
 */
export function checkFieldValue(field: ScreenField, value: unknown): string | null {
  if (isEmptyValue(value)) {
    if (field.required) return requiredMessage(field);
    if (field.validType === '*') return RULE_CODES['*'].message;
    return null;
  }
  const rule = field.validType ? resolveRule(field.validType, field.validMessage) : null;
  if (rule) {
    const text = asScalarText(value);
    if (text === null || !rule.pattern.test(text)) return rule.message;
  }
  return checkStorage(field, value);
}
