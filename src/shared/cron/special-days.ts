/**
 * The Quartz day forms cron-parser lacks (docs/architecture.md "Libraries and heavy widgets": `W`, `LW`, `L-n`): which day
 * of a given month they fire on. Headless.
 */

/** A day field cron-parser cannot read: nearest weekday `15W`, last weekday `LW`, `L-3`. */
export type SpecialDay = { kind: 'nearestWeekday'; day: number } | { kind: 'lastWeekday' } | { kind: 'daysBeforeEnd'; days: number };

/** The special form of a day field, or null when cron-parser reads it itself. */
export function parseSpecialDay(day: string): SpecialDay | null {
  if (day === 'LW') return { kind: 'lastWeekday' };
  const before = /^L-(\d+)$/.exec(day);
  if (before) return { kind: 'daysBeforeEnd', days: Number(before[1]) };
  const near = /^(\d+)W$/.exec(day);
  if (near) return { kind: 'nearestWeekday', day: Number(near[1]) };
  return null;
}

/** Days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

/** Day of week (0 Sunday … 6 Saturday) of a date. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(year, month - 1, day).getDay();
}

/**
 * The day of `month` (1-12) of `year` a special day fires on, or null when it does not fire
 * that month. Quartz rules: `nW` — the weekday (Mon–Fri) nearest day n, never leaving the month
 * (a Saturday 1st → Monday 3rd; a Sunday last day → Friday before); n beyond the month's last
 * day → no fire. `LW` — the last weekday of the month. `L-n` — n days before the last day
 * (no fire when that is before the 1st).
 */
export function resolveSpecialDay(sd: SpecialDay, year: number, month: number): number | null {
  const last = daysInMonth(year, month);
  if (sd.kind === 'daysBeforeEnd') return last - sd.days >= 1 ? last - sd.days : null;
  const day = sd.kind === 'lastWeekday' ? last : sd.day;
  if (day > last) return null;
  const dow = weekdayOf(year, month, day);
  if (dow === 6) return day === 1 ? 3 : day - 1;
  if (dow === 0) return day === last ? day - 2 : day + 1;
  return day;
}
