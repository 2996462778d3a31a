import { BizError } from '../../http/envelope.js';
import { guardedPattern } from '../../http/safe-regex.js';
import type { PatternTester } from '../../../shared/custom-pattern.js';
import { RULE_TEXT } from './texts.js';

/** One entry of a check rule's JSON (api-contract §6.5): `digits` "n" or "*", a regex, a message. */
export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

/** The failed entry as JeecgBoot answers it in `result` (api-contract §6.5). */
export interface CheckFailure {
  digits: string;
  pattern: string;
  message: string;
  checkValue: string;
  passed: false;
  beginIndex?: number;
  endIndex?: number;
}

/** Longest value and pattern accepted (the patterns are admin-authored regexes). */
const MAX_VALUE = 2000;
const MAX_PATTERN = 500;

/**
 * A Java `Pattern.matches` (whole-value match), tested under the time limit of administrator
 * patterns (http/safe-regex.ts); throws SyntaxError when invalid.
 */
function wholeMatch(pattern: string): PatternTester {
  return guardedPattern(`^(?:${pattern})$`);
}

/**
 * Parses and checks a rule JSON text; returns its entries or throws BizError with a clear
 * message naming the bad entry (digits a positive integer or '*', a valid regex, a message).
 */
export function parseRuleJson(json: unknown): CheckRuleItem[] {
  const textValue = typeof json === 'string' ? json.trim() : '';
  if (!textValue) throw new BizError(RULE_TEXT.ruleJsonRequired);
  let parsed: unknown;
  try {
    parsed = JSON.parse(textValue);
  } catch {
    throw new BizError(RULE_TEXT.ruleJsonNotArray);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new BizError(RULE_TEXT.ruleJsonNotArray);
  return parsed.map((raw, i) => {
    const n = i + 1;
    if (!raw || typeof raw !== 'object') throw new BizError(RULE_TEXT.ruleItemBad(n, '应为对象'));
    const item = raw as Record<string, unknown>;
    const digits = String(item.digits ?? '').trim();
    if (digits !== '*' && !/^[1-9]\d{0,3}$/.test(digits)) throw new BizError(RULE_TEXT.ruleItemBad(n, RULE_TEXT.digitsBad));
    const pattern = typeof item.pattern === 'string' ? item.pattern : '';
    if (!pattern || pattern.length > MAX_PATTERN) throw new BizError(RULE_TEXT.ruleItemBad(n, RULE_TEXT.patternBad('为空或过长')));
    try {
      wholeMatch(pattern);
    } catch (err) {
      throw new BizError(RULE_TEXT.ruleItemBad(n, RULE_TEXT.patternBad((err as Error).message)));
    }
    const message = typeof item.message === 'string' ? item.message.trim() : '';
    if (!message) throw new BizError(RULE_TEXT.ruleItemBad(n, RULE_TEXT.messageMissing));
    return { digits, pattern, message };
  });
}

/**
 * Checks `value` against the rule entries in order, as JeecgBoot does (api-contract §6.5): a
 * numeric `digits` takes the next n characters (cursor advances; past the end gives what is
 * left, or ''), '*' tests the whole value without advancing; each pattern must match its whole
 * slice. Returns the first failure, or null when every entry passes (a blank value passes).
 */
export function checkValue(items: CheckRuleItem[], value: string): CheckFailure | null {
  if (!value.trim()) return null;
  if (value.length > MAX_VALUE) throw new BizError(RULE_TEXT.valueTooLong);
  let begin = 0;
  for (const item of items) {
    let slice: string;
    let range: { beginIndex: number; endIndex: number } | undefined;
    if (item.digits === '*') slice = value;
    else {
      const n = Number(item.digits);
      const end = Math.min(begin + n, value.length);
      slice = begin > end ? '' : value.slice(begin, end);
      range = { beginIndex: begin, endIndex: end };
      begin += n;
    }
    let passed: boolean;
    try {
      passed = wholeMatch(item.pattern).test(slice);
    } catch (e) {
      // a pattern past the time limit says so; an invalid one fails the value
      if (e instanceof BizError) throw e;
      passed = false;
    }
    if (!passed) return { digits: item.digits, pattern: item.pattern, message: item.message, checkValue: slice, passed: false, ...range };
  }
  return null;
}
