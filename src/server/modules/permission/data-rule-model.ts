/**
 * The data-rule model (docs/architecture.md "Permission model", api-contract §3.3), without SQL: the fixed
 * operator set, the fixed system variables and the checks a rule must pass before it is saved.
 * A rule never carries a SQL fragment (JeecgBoot's USE_SQL_RULES is refused).
 */
import { formatDate, formatDateTime } from '../../../shared/time.js';
import { DATA_RULE_TEXT } from '../system/texts.js';
import { textOf as str } from '../../http/input.js';

/** The operators a data rule may use (rule_conditions). */
export const RULE_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'in', 'like', 'left_like', 'right_like'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Normalises a stored operator ('LIKE' → 'like', 'IN' → 'in'); null when not in the fixed set. */
export function ruleOperator(raw: unknown): RuleOperator | null {
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return (RULE_OPERATORS as readonly string[]).includes(s) ? (s as RuleOperator) : null;
}

/** What the system variables of a rule value are filled from: the signed-in user and the clock. */
export interface RuleSubject {
  username: string;
  realname: string;
  orgCode: string | null;
  /** orgCodes of every department the user belongs to. */
  orgCodes: readonly string[];
  now?: Date;
}

/** The system variables (snake and camel forms) and their values for a subject. */
const VARIABLES: Record<string, (s: RuleSubject) => string> = {
  sys_user_code: (s) => s.username,
  sys_user_name: (s) => s.realname,
  sys_org_code: (s) => s.orgCode ?? '',
  sys_multi_org_code: (s) => s.orgCodes.join(','),
  sys_date: (s) => formatDate(s.now),
  sys_time: (s) => formatDateTime(s.now).slice(0, 16),
};
const CAMEL: Record<string, string> = {
  sysUserCode: 'sys_user_code',
  sysUserName: 'sys_user_name',
  sysOrgCode: 'sys_org_code',
  sysMultiOrgCode: 'sys_multi_org_code',
  sysDate: 'sys_date',
  sysTime: 'sys_time',
};

/** Every variable name a rule value may use, e.g. for the editor's hint. */
export const RULE_VARIABLES: readonly string[] = [...Object.keys(VARIABLES), ...Object.keys(CAMEL)];

const PLACEHOLDER = /#\{\s*([A-Za-z_]+)\s*\}/g;

/** Names of the variables in `value` that are not in the fixed list. */
export function unknownVariables(value: string): string[] {
  const out: string[] = [];
  for (const m of value.matchAll(PLACEHOLDER)) if (!VARIABLES[m[1]] && !CAMEL[m[1]]) out.push(m[1]);
  return out;
}

/**
 * Fills the system variables of a rule value for `subject` (plain text substitution; the
 * result is later bound as a value, never spliced into SQL). Returns null when the value uses
 * a variable outside the fixed list.
 */
export function fillRuleValue(value: string, subject: RuleSubject): string | null {
  if (unknownVariables(value).length) return null;
  return value.replace(PLACEHOLDER, (_all, name: string) => VARIABLES[CAMEL[name] ?? name](subject));
}

export interface RuleInput {
  ruleName?: unknown;
  ruleColumn?: unknown;
  ruleConditions?: unknown;
  ruleValue?: unknown;
  status?: unknown;
}

/** A checked rule ready to store. */
export interface CheckedRule {
  rule_name: string;
  rule_column: string;
  /** Stored in JeecgBoot's form (dictionary rule_conditions): LIKE, LEFT_LIKE, RIGHT_LIKE, IN upper case. */
  rule_conditions: string;
  rule_value: string;
  status: string;
}

/**
 * Checks a data rule from a request body (addPermissionRule / editPermissionRule). Column: a
 * property or column name (letters, digits, underscore) that `columnExists` accepts; operator
 * from the fixed set; value required, variables only from the fixed list; status '1' or '0'.
 * Returns the row values or throws the first problem's message (as an Error for BizError).
 */
export function checkRule(input: RuleInput, columnExists: (column: string) => boolean): CheckedRule {
  const name = str(input.ruleName);
  const column = str(input.ruleColumn);
  const rawOp = str(input.ruleConditions);
  const value = str(input.ruleValue);
  const status = str(input.status) || '1';
  if (!name) throw new Error(DATA_RULE_TEXT.nameRequired);
  if (name.length > 50) throw new Error(DATA_RULE_TEXT.nameTooLong);
  if (!column) throw new Error(DATA_RULE_TEXT.columnRequired);
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,49}$/.test(column)) throw new Error(DATA_RULE_TEXT.columnBad);
  if (!columnExists(column)) throw new Error(DATA_RULE_TEXT.columnUnknown(column));
  if (/sql/i.test(rawOp)) throw new Error(DATA_RULE_TEXT.noSql);
  const op = ruleOperator(rawOp);
  if (!op) throw new Error(DATA_RULE_TEXT.operatorBad);
  if (!value) throw new Error(DATA_RULE_TEXT.valueRequired);
  if (value.length > 300) throw new Error(DATA_RULE_TEXT.valueTooLong);
  const unknown = unknownVariables(value);
  if (unknown.length) throw new Error(DATA_RULE_TEXT.variableUnknown(unknown[0]));
  if (status !== '1' && status !== '0') throw new Error(DATA_RULE_TEXT.statusBad);
  return { rule_name: name, rule_column: column, rule_conditions: /[a-z]/.test(op) ? op.toUpperCase() : op, rule_value: value, status };
}
