/**
 * Cell validation of the editable table (spec 5.4): a column's `validateRules` in order, the
 * first failing rule's message wins. required (empty fails); unique / pattern 'only' (no
 * duplicate across rows); the spec 5.4 codes and custom regular expressions (src/shared/
 * rule-codes.ts, shared with forms and the server) and synchronous `check`s only on non-empty
 * values; a handler may validate asynchronously.
 */
import { isEmptyValue, resolveRule, RULE_CODES } from '../../src/shared/rule-codes.js';
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import type { EditableColumn, EditableRow, EditableRule, ValidateTrigger } from './columns.js';

/** Counts of each value in a column, for the unique rule (built once per validation pass). */
export type ValueCounts = Map<string, number>;

/** The comparable text of a cell value ('' for empty). */
export function valueKey(value: unknown): string {
  if (isEmptyValue(value)) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Counts the non-empty values of column `key` over `rows`. */
export function countValues(rows: readonly EditableRow[], key: string): ValueCounts {
  const counts: ValueCounts = new Map();
  for (const row of rows) {
    const k = valueKey(row[key]);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

function isUnique(rule: EditableRule): boolean {
  return rule.unique === true || rule.pattern === 'only';
}

/** True when a column has a unique rule. */
export function hasUniqueRule(col: EditableColumn): boolean {
  return !!col.validateRules?.some(isUnique);
}

/** True when a column has a rule with a handler (the async part). */
export function hasHandler(col: EditableColumn): boolean {
  return !!col.validateRules?.some((r) => r.handler);
}

function patternMessage(rule: EditableRule, value: unknown, title: string): string | null {
  const p = rule.pattern;
  if (p === undefined || p === 'only') return null;
  if (p instanceof RegExp) return p.test(String(value)) ? null : (rule.message ?? T.invalid(title));
  if (p === '*') return null; // handled as required (empty only)
  const resolved = resolveRule(p, rule.message);
  if (!resolved) return null;
  return resolved.pattern.test(String(value)) ? null : resolved.message;
}

/**
 * The synchronous rules of one cell: the first failing message, or null. `counts` are the
 * column's value counts (needed only for unique rules; computed from `rows` when missing).
 * Handlers are not run (see {@link validateCell}); a rule list stops at the first handler, which
 * runs after every earlier rule passed.
 */
export function checkCellSync(col: EditableColumn, row: EditableRow, rows: readonly EditableRow[], counts?: ValueCounts): string | null {
  const rules = col.validateRules;
  if (!rules || rules.length === 0) return null;
  const value = row[col.key];
  const empty = isEmptyValue(value);
  for (const rule of rules) {
    if (rule.handler) break;
    if (rule.required && empty) return rule.message ?? T.required(col.title);
    if (rule.pattern === '*' && empty) return rule.message ?? RULE_CODES['*'].message;
    if (empty) continue;
    if (isUnique(rule)) {
      const c = counts ?? countValues(rows, col.key);
      if ((c.get(valueKey(value)) ?? 0) > 1) return rule.message ?? T.unique(col.title);
      continue;
    }
    if (rule.check) {
      const msg = rule.check(value);
      if (msg) return msg;
      continue;
    }
    const msg = patternMessage(rule, value, col.title);
    if (msg) return msg;
  }
  return null;
}

/**
 * Every rule of one cell including handlers (sync or async), in order: resolves the first failing
 * message or null. A handler that throws fails with its error's message.
 */
export async function validateCell(
  col: EditableColumn,
  row: EditableRow,
  rows: readonly EditableRow[],
  trigger: ValidateTrigger,
  counts?: ValueCounts,
): Promise<string | null> {
  const rules = col.validateRules ?? [];
  const value = row[col.key];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (!rule.handler) {
      const msg = checkCellSync(
        { ...col, validateRules: [rule] },
        row,
        rows,
        isUnique(rule) ? (counts ?? countValues(rows, col.key)) : counts,
      );
      if (msg) return msg;
      continue;
    }
    try {
      const r = await rule.handler({ value, row, column: col, rows, trigger });
      if (r === false) return rule.message ?? T.invalid(col.title);
      if (typeof r === 'string' && r) return r;
    } catch (e) {
      return e instanceof Error && e.message ? e.message : (rule.message ?? T.invalid(col.title));
    }
  }
  return null;
}
