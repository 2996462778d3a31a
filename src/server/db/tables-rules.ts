import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of check rules and fill rules (migrations 004, 014). */

/** sys_check_rule: rule_json is the JSON array of api-contract §6.5. */
export interface SysCheckRuleTable extends Audit {
  id: string;
  rule_name: string | null;
  rule_code: string;
  rule_json: string | null;
  rule_description: string | null;
}
/** A selected row of SysCheckRuleTable. */
export type SysCheckRule = Selectable<SysCheckRuleTable>;

/** sys_fill_rule: rule_params is a JSON object string (prefix, dateFormat, …). */
export interface SysFillRuleTable extends Audit {
  id: string;
  rule_name: string | null;
  rule_code: string;
  rule_class: string | null;
  rule_params: string | null;
}
/** A selected row of SysFillRuleTable. */
export type SysFillRule = Selectable<SysFillRuleTable>;

declare module './tables.js' {
  interface Database {
    sys_check_rule: SysCheckRuleTable;
    sys_fill_rule: SysFillRuleTable;
    sys_fill_rule_seq: { rule_code: string; tenant_id: Generated<number>; period: string; seq: number };
  }
}
