/**
 * Mobile numbers, the one place of both patterns. The spec gives two readings and each applies
 * where the spec puts it: the forms' `mobile` rule set (spec 5.1: 1, then 3, 4, 5, 7 or 8, then 9
 * digits; sign-in, registration and a field's `formRule: "mobile"`) and the validation code `m`
 * (spec 5.4: 11 digits, 1 then 3-9; a field's `validType: "m"`, editable-table cells).
 */
export const MOBILE_PATTERNS = Object.freeze({
  /** Spec 5.1 rule set `mobile` (message 请输入正确手机号). */
  formRule: /^1[34578]\d{9}$/,
  /** Spec 5.4 validation code `m` (message 请输入正确的手机号码). */
  ruleCode: /^1[3-9]\d{9}$/,
});
