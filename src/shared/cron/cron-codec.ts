/**
 * A whole Quartz expression ⇄ the builder state (spec 3 "Cron value": space-separated second,
 * minute, hour, day, month, week, year; second and year optional by hideSecond and hideYear).
 * Headless.
 */
import { defaultCronState, type CronState } from './state.js';
import { buildUnit, parseUnit } from './unit-codec.js';
import { type CronUnit } from './units.js';
import { unitsOfCount, type CronShapeOptions } from './validate.js';

/** The whitespace-separated fields of an expression. */
export function splitCron(expr: string | null | undefined): string[] {
  return (expr ?? '').trim().split(/\s+/).filter(Boolean);
}

/**
 * The field names of an expression's fields whatever the shape: 5 fields are the hideSecond
 * form (minute … week), 6 second … week, 7 second … year. null for any other count.
 */
export function unitsOfFields(count: number): CronUnit[] | null {
  return count === 5 ? unitsOfCount(5, { hideSecond: true }) : unitsOfCount(count);
}

/**
 * Day and week are mutually exclusive (spec 4.2): exactly one of them is unset ('?').
 * Both unset → day every; both set → the one that is every becomes unset (else the week).
 */
export function normalizeDayWeek(state: CronState): CronState {
  const day = state.day.cronEvery;
  const week = state.week.cronEvery;
  if (day === 'unset' && week === 'unset') return { ...state, day: { ...state.day, cronEvery: 'every' } };
  if (day !== 'unset' && week !== 'unset') {
    if (day === 'every' && week !== 'every') return { ...state, day: { ...state.day, cronEvery: 'unset' } };
    return { ...state, week: { ...state.week, cronEvery: 'unset' } };
  }
  return state;
}

/**
 * Parses an expression into the builder state (spec 4.2: opening with an existing expression
 * parses it into modes; without one — or with a wrong field count — the defaults). Each field
 * that cannot be shown falls back to every; day/week are then made exclusive.
 */
export function parseCron(expr: string | null | undefined, now: Date = new Date()): CronState {
  const state = defaultCronState(now);
  const fields = splitCron(expr);
  const units = unitsOfFields(fields.length);
  if (!units) return state;
  units.forEach((unit, i) => (state[unit] = parseUnit(unit, fields[i], now)));
  return normalizeDayWeek(state);
}

/** The field names an expression of this shape carries (second and year dropped when hidden). */
export function shapeUnits(opts: CronShapeOptions = {}): CronUnit[] {
  return unitsOfCount(opts.hideSecond ? 5 : opts.hideYear ? 6 : 7, opts) ?? [];
}

/**
 * Builds the expression of a state: `second minute hour day month week year`, without second
 * when hideSecond, without year when hideYear or hideSecond; day and week made exclusive.
 */
export function buildCron(state: CronState, opts: CronShapeOptions = {}): string {
  const s = normalizeDayWeek(state);
  return shapeUnits(opts)
    .map((unit) => buildUnit(unit, s[unit]))
    .join(' ');
}
