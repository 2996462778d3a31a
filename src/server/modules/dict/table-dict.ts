import { parseDictCondition, splitTableDict, type DictConditionTerm } from '../../../shared/dict-condition.js';

/**
 * Which tables and columns a table dictionary (`table,text,code`, api-contract §6.1) may read.
 * Identifiers never come from the request unchecked: a dictionary code names a table and two
 * columns that must be listed here (system pickers) or belong to a loaded screen schema.
 * Credential columns (password, salt …) are never readable.
 */
export const SYSTEM_DICT_TABLES: Record<string, readonly string[]> = {
  sys_user: ['id', 'username', 'realname', 'work_no', 'phone', 'email', 'org_code'],
  sys_depart: ['id', 'org_code', 'depart_name', 'parent_id'],
  sys_role: ['id', 'role_code', 'role_name'],
  sys_dict: ['id', 'dict_code', 'dict_name'],
  sys_area: ['id', 'text', 'pid'],
  sys_position: ['id', 'code', 'name', 'post_rank'],
  sys_category: ['id', 'pid', 'name', 'code', 'has_child'],
  sys_os: ['id', 'os_code', 'os_name', 'parent_id'],
};

const FORBIDDEN = /(password|passwd|salt|secret|token)/i;

export interface TableDictRef {
  table: string;
  text: string;
  code: string;
  /** The fixed condition of `table,text,code,condition` (business-screens.md §2.5), parsed; values are bound. */
  condition?: DictConditionTerm[];
}

/**
 * Parses `table,text,code` or `table,text,code,condition` (condition: `column='value'` or
 * `column in ('a','b')` joined by ` and `, src/shared/dict-condition.ts); null when the code has
 * another form.
 */
export function parseTableDict(dictCode: string): TableDictRef | null {
  const parts = splitTableDict(dictCode);
  if (!parts || [parts.table, parts.text, parts.code].some((p) => !/^[a-z][a-z0-9_]*$/.test(p))) return null;
  if (parts.condition === undefined) return { table: parts.table, text: parts.text, code: parts.code };
  const condition = parseDictCondition(parts.condition);
  return condition ? { table: parts.table, text: parts.text, code: parts.code, condition } : null;
}

/**
 * True when the table dictionary may be read: the table is a system picker table or a screen
 * table (`screenColumns` gives each screen table's columns) and both columns belong to it.
 */
export function isAllowedTableDict(ref: TableDictRef, screenColumns: (table: string) => readonly string[] | undefined): boolean {
  if (FORBIDDEN.test(ref.text) || FORBIDDEN.test(ref.code)) return false;
  const cols = SYSTEM_DICT_TABLES[ref.table] ?? screenColumns(ref.table);
  return !!cols && cols.includes(ref.text) && cols.includes(ref.code) && (ref.condition ?? []).every((t) => cols.includes(t.column));
}
