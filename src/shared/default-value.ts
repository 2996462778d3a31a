/**
 * Default values of screen fields (spec 3 "defaultValue"), resolved the same way by the form (add
 * mode), the editable sub table (new rows) and the server (a record added without the field).
 */
import type { ScreenField } from './generated/screen-schema.js';
import { fillRuleCode } from './fill-rule-default.js';
import { formatDate, formatDateTime } from './time.js';

/** Values of the default-value variables: the signed-in user's username and orgCode; `now` defaults to the current time. */
export interface DefaultValueContext {
  username?: string;
  orgCode?: string;
  now?: Date;
}

/**
 * Resolves a field's defaultValue (spec 3 "defaultValue"): a literal stays as is (numbers stay
 * numbers); `#{sysUserCode}` → username, `#{sysOrgCode}` → orgCode, `#{sysDate}` → YYYY-MM-DD,
 * `#{sysTime}` → YYYY-MM-DD HH:mm:ss (the snake_case spellings `#{sys_user_code}` … too).
 * Returns undefined when there is no default or the variable has no value.
 */
export function resolveDefaultValue(defaultValue: ScreenField['defaultValue'], context: DefaultValueContext): unknown {
  if (defaultValue === undefined || defaultValue === null || defaultValue === '') return undefined;
  if (typeof defaultValue !== 'string') return defaultValue;
  // `${ruleCode}`: a fill rule, run by the server when the record is added (api-contract §6.6)
  if (fillRuleCode(defaultValue)) return undefined;
  const now = context.now ?? new Date();
  switch (defaultValue.replace(/\s/g, '')) {
    case '#{sysUserCode}':
    case '#{sys_user_code}':
      return context.username || undefined;
    case '#{sysOrgCode}':
    case '#{sys_org_code}':
      return context.orgCode || undefined;
    case '#{sysDate}':
    case '#{sys_date}':
      return formatDate(now);
    case '#{sysTime}':
    case '#{sys_time}':
      return formatDateTime(now);
    default:
      return defaultValue;
  }
}
