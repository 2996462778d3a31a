/**
 * Builder state per unit (spec 3 "Cron builder state per unit") and the modes each unit offers
 * (spec 4.2). Headless.
 */
import { CRON_UNITS, UNIT_BOUNDS, YEAR_FIRST, type CronUnit } from './units.js';

/**
 * One unit's mode (spec 3 `cronEvery`):
 * - every `*`, unset `?` (day and week only), increment `a/b`, specific `a,b,c`, range `a-b`;
 * - day only: lastDay `L`, lastWeekday `LW`, daysBeforeEnd `L-n`, nearestWeekday `nW`;
 * - week only: lastGivenWeekday `nL` (last Friday = `6L`), nthWeekday `w#n` (`3#2`).
 */
export type CronMode =
  | 'every'
  | 'unset'
  | 'increment'
  | 'specific'
  | 'range'
  | 'lastDay'
  | 'lastWeekday'
  | 'daysBeforeEnd'
  | 'nearestWeekday'
  | 'lastGivenWeekday'
  | 'nthWeekday';

/** Spec 3: the state of one unit. Every unit carries every field; each mode reads its own. */
export interface UnitState {
  cronEvery: CronMode;
  /** increment: start value (`start/step`). */
  incrementStart: number;
  /** increment: step. */
  incrementIncrement: number;
  /** range: `rangeStart-rangeEnd`. */
  rangeStart: number;
  rangeEnd: number;
  /** specific: the chosen values, ascending. */
  specificSpecific: number[];
  /** week lastGivenWeekday: the weekday of `nL` (1-7). */
  cronLastSpecificDomDay: number;
  /** day daysBeforeEnd: n of `L-n`. */
  cronDaysBeforeEomMinus: number;
  /** day nearestWeekday: the day of `nW`. */
  cronDaysNearestWeekday: number;
  /** week nthWeekday: the weekday of `w#n`. */
  cronNthDayDay: number;
  /** week nthWeekday: n of `w#n` (1-5). */
  cronNthDayNth: number;
}

/** The whole builder: one state per unit. */
export type CronState = Record<CronUnit, UnitState>;

/** The modes each unit offers (spec 4.2). */
export const UNIT_MODES: Record<CronUnit, readonly CronMode[]> = {
  second: ['every', 'increment', 'specific', 'range'],
  minute: ['every', 'increment', 'specific', 'range'],
  hour: ['every', 'increment', 'specific', 'range'],
  day: ['every', 'unset', 'increment', 'specific', 'range', 'lastDay', 'lastWeekday', 'daysBeforeEnd', 'nearestWeekday'],
  month: ['every', 'increment', 'specific', 'range'],
  week: ['every', 'unset', 'increment', 'specific', 'range', 'lastGivenWeekday', 'nthWeekday'],
  year: ['every', 'increment', 'specific', 'range'],
};

/**
 * Defaults (spec 4.2): mode every (week: unset), range the unit's whole range (hours 0-23,
 * months 1-12), loop start at the minimum with interval 1, no specific value chosen; years
 * (spec 5.3) from the current year (not before 2019) to 100 years on, within the year bounds.
 */
export function defaultUnitState(unit: CronUnit, now: Date = new Date()): UnitState {
  const { min, max } = UNIT_BOUNDS[unit];
  const start = unit === 'year' ? Math.min(Math.max(now.getFullYear(), YEAR_FIRST), max) : min;
  return {
    cronEvery: unit === 'week' ? 'unset' : 'every',
    incrementStart: start,
    incrementIncrement: 1,
    rangeStart: start,
    rangeEnd: unit === 'year' ? Math.min(start + 100, max) : max,
    specificSpecific: [],
    cronLastSpecificDomDay: 1,
    cronDaysBeforeEomMinus: 1,
    cronDaysNearestWeekday: 1,
    cronNthDayDay: 1,
    cronNthDayNth: 1,
  };
}

/**
 * The unit's state with `mode` chosen. Choosing specific values with none chosen yet starts the
 * list with the unit's first value (the year: the current year), so the expression and the
 * checkboxes agree.
 */
export function withMode(unit: CronUnit, state: UnitState, mode: CronMode, now: Date = new Date()): UnitState {
  const next = { ...state, cronEvery: mode };
  if (mode === 'specific' && next.specificSpecific.length === 0) next.specificSpecific = [defaultUnitState(unit, now).incrementStart];
  return next;
}

/** The default builder state: every unit every, week unset (`* * * * * ? *`). */
export function defaultCronState(now: Date = new Date()): CronState {
  return Object.fromEntries(CRON_UNITS.map((u) => [u, defaultUnitState(u, now)])) as CronState;
}
