/**
 * The modal builder's day tab (spec 4.2 first paragraph): one list of modes that drive the day
 * field or the week field — the other one becomes '?'. Headless.
 */
import { withMode, type CronMode, type CronState } from './state.js';

/** The day tab's modes, in the order the tab lists them. */
export type DayTabMode =
  | 'every'
  | 'weekIncrement'
  | 'dayIncrement'
  | 'weekSpecific'
  | 'daySpecific'
  | 'lastDay'
  | 'lastWeekday'
  | 'lastGivenWeekday'
  | 'daysBeforeEnd'
  | 'nearestWeekday'
  | 'nthWeekday'
  | 'dayRange'
  | 'weekRange';

/** Which field a day-tab mode sets, and to which unit mode. */
export interface DayTabEntry {
  mode: DayTabMode;
  unit: 'day' | 'week';
  unitMode: CronMode;
}

/**
 * Spec 4.2: every day; every N weeks from a weekday (`1/2` on week); every N days (`1/3` on
 * day); specific weekdays (`2,4`); specific days; last day of month `L`; last weekday of month
 * `LW`; last given weekday `6L`; N days before month end `L-3`; nearest weekday `15W`; Nth
 * given weekday `3#2`; plus the per-unit range mode of day (`1-15`) and week (`2-6`).
 */
export const DAY_TAB_MODES: readonly DayTabEntry[] = [
  { mode: 'every', unit: 'day', unitMode: 'every' },
  { mode: 'weekIncrement', unit: 'week', unitMode: 'increment' },
  { mode: 'dayIncrement', unit: 'day', unitMode: 'increment' },
  { mode: 'weekSpecific', unit: 'week', unitMode: 'specific' },
  { mode: 'daySpecific', unit: 'day', unitMode: 'specific' },
  { mode: 'lastDay', unit: 'day', unitMode: 'lastDay' },
  { mode: 'lastWeekday', unit: 'day', unitMode: 'lastWeekday' },
  { mode: 'lastGivenWeekday', unit: 'week', unitMode: 'lastGivenWeekday' },
  { mode: 'daysBeforeEnd', unit: 'day', unitMode: 'daysBeforeEnd' },
  { mode: 'nearestWeekday', unit: 'day', unitMode: 'nearestWeekday' },
  { mode: 'nthWeekday', unit: 'week', unitMode: 'nthWeekday' },
  { mode: 'dayRange', unit: 'day', unitMode: 'range' },
  { mode: 'weekRange', unit: 'week', unitMode: 'range' },
];

/** The day-tab mode a state shows (every when neither field matches one). */
export function dayTabModeOf(state: CronState): DayTabMode {
  const day = state.day.cronEvery;
  const week = state.week.cronEvery;
  const [unit, mode] = day !== 'unset' || week === 'unset' || week === 'every' ? (['day', day] as const) : (['week', week] as const);
  return DAY_TAB_MODES.find((e) => e.unit === unit && e.unitMode === mode)?.mode ?? 'every';
}

/** The state with a day-tab mode chosen: its field takes the mode, the other field becomes '?'. */
export function withDayTabMode(state: CronState, mode: DayTabMode, now: Date = new Date()): CronState {
  const entry = DAY_TAB_MODES.find((e) => e.mode === mode) ?? DAY_TAB_MODES[0];
  const other = entry.unit === 'day' ? 'week' : 'day';
  return {
    ...state,
    [entry.unit]: withMode(entry.unit, state[entry.unit], entry.unitMode, now),
    [other]: { ...state[other], cronEvery: 'unset' },
  };
}
