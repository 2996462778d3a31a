/**
 * Validation of cron fields and whole expressions against spec 5.3 (bounds) and the Quartz
 * rules of spec 4.2 (day and week mutually exclusive), with Chinese messages. Headless.
 */
import { DAYS_BEFORE_END_BOUNDS, NTH_BOUNDS, UNIT_BOUNDS, UNIT_NAMES, type CronUnit } from './units.js';
import { namesToNumbers } from './week.js';

/** Which optional fields an expression carries (spec 3: hideSecond hides second and year). */
export interface CronShapeOptions {
  hideSecond?: boolean;
  hideYear?: boolean;
}

/** The messages (zh-CN). */
export const CRON_MESSAGES = {
  valueRange: (unit: CronUnit) => `${UNIT_NAMES[unit]}的取值范围为${UNIT_BOUNDS[unit].min}-${UNIT_BOUNDS[unit].max}`,
  stepRange: (unit: CronUnit) => `${UNIT_NAMES[unit]}的间隔范围为${UNIT_BOUNDS[unit].stepMin}-${UNIT_BOUNDS[unit].stepMax}`,
  integer: (unit: CronUnit) => `${UNIT_NAMES[unit]}必须为整数`,
  order: (unit: CronUnit) => `${UNIT_NAMES[unit]}的开始值不能大于结束值`,
  unknown: (unit: CronUnit, text: string) => `${UNIT_NAMES[unit]}的表达式无法识别：${text}`,
  empty: (unit: CronUnit) => `${UNIT_NAMES[unit]}不能为空`,
  questionMark: (unit: CronUnit) => `${UNIT_NAMES[unit]}不能使用?，只有日和周可以`,
  nth: `第几周的取值范围为${NTH_BOUNDS.min}-${NTH_BOUNDS.max}`,
  daysBeforeEnd: `月末前天数的取值范围为${DAYS_BEFORE_END_BOUNDS.min}-${DAYS_BEFORE_END_BOUNDS.max}`,
  dayAndWeek: '日和周不能同时指定，其中一个必须为?',
  dayAndWeekUnset: '日和周不能同时为?',
  required: '请输入Cron表达式',
  fieldCount: (counts: number[]) => `Cron表达式应包含${counts.join('或')}个字段`,
} as const;

type Check = string | null;

/** A number of `unit` within [min, max]; `message` is the range message, `whole` the text an unknown-text message quotes. */
function checkNumber(unit: CronUnit, text: string, min: number, max: number, message: string, whole = text): Check {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= min && n <= max ? null : message;
  }
  if (/^-?\d+\.\d*$/.test(text)) return CRON_MESSAGES.integer(unit);
  if (/^-\d+$/.test(text)) return message;
  return CRON_MESSAGES.unknown(unit, whole);
}

function checkValue(unit: CronUnit, text: string, whole = text): Check {
  const { min, max } = UNIT_BOUNDS[unit];
  return checkNumber(unit, text, min, max, CRON_MESSAGES.valueRange(unit), whole);
}

function checkStep(unit: CronUnit, text: string, whole: string): Check {
  const { stepMin, stepMax } = UNIT_BOUNDS[unit];
  return checkNumber(unit, text, stepMin, stepMax, CRON_MESSAGES.stepRange(unit), whole);
}

/** `a`, `a-b`, `a/s`, `*\/s`, `a-b/s`. */
function checkItem(unit: CronUnit, item: string): Check {
  const parts = item.split('/');
  if (parts.length > 2) return CRON_MESSAGES.unknown(unit, item);
  const [head, step] = parts;
  if (step !== undefined) {
    const bad = checkStep(unit, step, item);
    if (bad) return bad;
    if (head === '*') return null;
  }
  if (/^-\d+$/.test(head)) return CRON_MESSAGES.valueRange(unit);
  const ends = head.split('-');
  if (ends.length > 2) return CRON_MESSAGES.unknown(unit, item);
  for (const end of ends) {
    const bad = checkValue(unit, end, item);
    if (bad) return bad;
  }
  return ends.length === 2 && Number(ends[0]) > Number(ends[1]) ? CRON_MESSAGES.order(unit) : null;
}

/** The day field's own forms: `L`, `LW`, `L-n`, `nW`. undefined when `text` is none of them. */
function checkDaySpecial(text: string): Check | undefined {
  if (text === 'L' || text === 'LW') return null;
  const before = /^L-(.*)$/.exec(text);
  if (before) {
    const { min, max } = DAYS_BEFORE_END_BOUNDS;
    return checkNumber('day', before[1], min, max, CRON_MESSAGES.daysBeforeEnd, text);
  }
  const near = /^(.+)W$/.exec(text);
  if (near) return checkValue('day', near[1], text);
  return undefined;
}

/** The week field's own forms: `L`, `nL`, `w#n`. undefined when `text` is none of them. */
function checkWeekSpecial(text: string): Check | undefined {
  if (text === 'L') return null;
  const last = /^(.+)L$/.exec(text);
  if (last) return checkValue('week', last[1], text);
  const nth = /^(.+)#(.*)$/.exec(text);
  if (nth) return checkValue('week', nth[1], text) ?? checkNumber('week', nth[2], NTH_BOUNDS.min, NTH_BOUNDS.max, CRON_MESSAGES.nth, text);
  return undefined;
}

/**
 * The first problem of one field's text, or null when it is valid (spec 5.3 bounds, e.g.
 * '60' in seconds → 秒的取值范围为0-59). `?` only in day and week; an empty year is valid (omitted).
 */
export function validateUnit(unit: CronUnit, raw: string): string | null {
  const text = namesToNumbers(unit, raw.trim());
  if (text === '') return unit === 'year' ? null : CRON_MESSAGES.empty(unit);
  if (text === '*') return null;
  if (text === '?') return unit === 'day' || unit === 'week' ? null : CRON_MESSAGES.questionMark(unit);
  const special = unit === 'day' ? checkDaySpecial(text) : unit === 'week' ? checkWeekSpecial(text) : undefined;
  if (special !== undefined) return special;
  for (const item of text.split(',')) {
    const bad = item === '' || item === '*' || item === '?' ? CRON_MESSAGES.unknown(unit, raw) : checkItem(unit, item);
    if (bad) return bad;
  }
  return null;
}

/** The field names of an expression with `count` fields, or null for a count the shape does not allow. */
export function unitsOfCount(count: number, opts: CronShapeOptions = {}): CronUnit[] | null {
  const five: CronUnit[] = ['minute', 'hour', 'day', 'month', 'week'];
  const six: CronUnit[] = ['second', ...five];
  if (opts.hideSecond) return count === 5 ? five : null;
  if (count === 6) return six;
  if (count === 7 && !opts.hideYear) return [...six, 'year'];
  return null;
}

/** The field counts a shape allows (5 with hideSecond; 6 with hideYear; else 6 or 7). */
export function allowedCounts(opts: CronShapeOptions = {}): number[] {
  return opts.hideSecond ? [5] : opts.hideYear ? [6] : [6, 7];
}

/**
 * The first problem of a whole expression, or null: field count, each field's bounds, then
 * day/week exclusivity (exactly one of them is '?').
 */
export function validateCron(expr: string, opts: CronShapeOptions = {}): string | null {
  const fields = expr.trim().split(/\s+/).filter(Boolean);
  if (fields.length === 0) return CRON_MESSAGES.required;
  const units = unitsOfCount(fields.length, opts);
  if (!units) return CRON_MESSAGES.fieldCount(allowedCounts(opts));
  for (let i = 0; i < units.length; i++) {
    const bad = validateUnit(units[i], fields[i]);
    if (bad) return bad;
  }
  const day = fields[units.indexOf('day')];
  const week = fields[units.indexOf('week')];
  if (day === '?' && week === '?') return CRON_MESSAGES.dayAndWeekUnset;
  if (day !== '?' && week !== '?') return CRON_MESSAGES.dayAndWeek;
  return null;
}
