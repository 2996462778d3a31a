/**
 * The shared form rules of spec 5.1 (messages kept exactly as given), usable by antd forms
 * (through {@link toAntdRules}), Formily and the server ({@link validateValue}). No React, no antd.
 */
import { MOBILE_PATTERNS } from './mobile-patterns.js';
import { isEmptyValue } from './rule-codes.js';

/**
 * One rule. Non-`required` rules are skipped on an empty value (as antd and Formily do).
 * `min`/`max` bound the length of a string or the item count of an array; `check` is a custom
 * test returning true when the value is valid.
 */
export interface FormRule {
  required?: boolean;
  pattern?: RegExp;
  min?: number;
  max?: number;
  type?: 'string' | 'array';
  message: string;
  check?: (value: unknown) => boolean;
}

const PASSWORD = /^(?=.*[a-zA-Z])(?=.*\d)[a-zA-Z\d!@#$]{8,}$/;

/**
 * Spec 5.1 rule sets, each an array of {@link FormRule}. Deliberate deviations (docs/architecture.md
 * "Spec quirks and deviations"): user names accept 4–18 characters while the message says 6 to 18; `english` requires
 * letters only (the original's pattern let any first character through); `telephone` anchors
 * both alternatives (the original's alternation was unanchored).
 */
export const FORM_RULES = {
  mobile: [
    { required: true, message: '请输入手机号' },
    { pattern: MOBILE_PATTERNS.formRule, message: '请输入正确手机号' },
  ],
  username: [
    { required: true, message: '请输入用户名' },
    { pattern: /^\w+$/, message: '只允许字母、数字、下划线' },
    { min: 4, max: 18, message: '长度6到18个字符' },
  ],
  email: [{ pattern: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-zA-Z]{2,}$/, message: '邮箱格式不正确' }],
  naturalNumber: [{ pattern: /^\d+$/, message: '请输入自然数' }],
  english: [{ pattern: /^[A-Za-z]+$/, message: '请输入英文字符' }],
  telephone: [{ pattern: /^\d{3,4}-\d{7,8}$/, message: '请输入正确的座机号' }],
  bankCard: [{ pattern: /^[1-9]\d{9,19}$/, message: '请输入正确的银行卡号码' }],
  idNumber: [{ pattern: /^[a-zA-Z0-9]{1,50}$/, message: '请输入正确的证件号码' }],
  idCard: [
    {
      pattern:
        /^(?:[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]|[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3})$/,
      message: '请输入正确的身份证号码',
    },
  ],
  qq: [{ pattern: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号码' }],
  url: [{ pattern: /^https?:\/\/[\w-]+(?:\.[\w-]+)+(?:[\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/, message: '请输入以http和https开头的网址' }],
  enNum0to20: [{ pattern: /^[a-zA-Z0-9]{0,20}$/, message: '请输入20位以内的英文字符和数字' }],
  cnEnSpace2to100: [{ pattern: /^[a-zA-Z\u4E00-\u9FA5\s]{2,100}$/, message: '请输入2到100位的中英文字符和空格' }],
  numLinefeed: [{ pattern: /^[0-9\r\n]+$/, message: '请输入数字和换行符' }],
  char0to255: [{ pattern: /^[\s\S]{0,255}$/, message: '请输入255位以内的字符' }],
  /** Password change: new password (letters and digits both required, extras ! @ # $). */
  newPassword: [
    { required: true, message: '密码应由8位或以上的字母和数字组成!' },
    { pattern: PASSWORD, message: '密码应由8位或以上的字母和数字组成!' },
  ],
  oldPassword: [{ required: true, message: '请输入旧密码!' }],
} satisfies Record<string, FormRule[]>;

/**
 * Confirm-password rules (spec 5.1): required (请重新输入登录密码!) and equal to the new
 * password read through `getPassword` at validation time (两次输入的密码不一样！).
 */
export function confirmPasswordRules(getPassword: () => unknown): FormRule[] {
  return [
    { required: true, message: '请重新输入登录密码!' },
    { message: '两次输入的密码不一样！', check: (v) => v === getPassword() },
  ];
}

/**
 * Builder (spec 5.1): required input with optional min length ('最小长度N位字符') and max length
 * ('最大长度N位字符'). `message` is the required message.
 */
export function requiredRules(opts: { message?: string; min?: number; max?: number } = {}): FormRule[] {
  const rules: FormRule[] = [{ required: true, message: opts.message ?? '该字段不能为空' }];
  if (opts.min) rules.push({ min: opts.min, message: `最小长度${opts.min}位字符` });
  if (opts.max) rules.push({ max: opts.max, message: `最大长度${opts.max}位字符` });
  return rules;
}

/** Builder (spec 5.1): required select. */
export function selectRules(message = '请选择'): FormRule[] {
  return [{ required: true, message }];
}

/**
 * Builder (spec 5.1): required multi-choice with optional minimum ('最少选择N项') and maximum
 * ('最多选择N项') item counts; the value is an array.
 */
export function checkedRules(opts: { message?: string; min?: number; max?: number } = {}): FormRule[] {
  const rules: FormRule[] = [{ required: true, type: 'array', message: opts.message ?? '请选择' }];
  if (opts.min) rules.push({ type: 'array', min: opts.min, message: `最少选择${opts.min}项` });
  if (opts.max) rules.push({ type: 'array', max: opts.max, message: `最多选择${opts.max}项` });
  return rules;
}

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return [...String(value)].length;
}

/** Runs `rules` on `value`; returns the first failing message or null. */
export function validateValue(value: unknown, rules: readonly FormRule[]): string | null {
  const empty = isEmptyValue(value);
  for (const rule of rules) {
    if (rule.required) {
      if (empty) return rule.message;
      continue;
    }
    if (empty) continue;
    if (rule.pattern && !rule.pattern.test(String(value))) return rule.message;
    if (rule.min !== undefined && sizeOf(value) < rule.min) return rule.message;
    if (rule.max !== undefined && sizeOf(value) > rule.max) return rule.message;
    if (rule.check && !rule.check(value)) return rule.message;
  }
  return null;
}

/** The shape antd's Form.Item `rules` accepts (structural, so this file needs no antd import). */
export interface AntdRuleLike {
  required?: boolean;
  pattern?: RegExp;
  min?: number;
  max?: number;
  type?: 'string' | 'array';
  whitespace?: boolean;
  message: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

/** Converts rules for antd's Form.Item (`check` becomes an async `validator`; empty values pass it). */
export function toAntdRules(rules: readonly FormRule[]): AntdRuleLike[] {
  return rules.map(({ check, ...rest }) => {
    const out: AntdRuleLike = { ...rest };
    if (rest.required && rest.type !== 'array') out.whitespace = true;
    if (check) {
      out.validator = (_rule, value) => (isEmptyValue(value) || check(value) ? Promise.resolve() : Promise.reject(new Error(rest.message)));
    }
    return out;
  });
}
