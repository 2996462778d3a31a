/**
 * Weekday and month names, and the Quartz → cron-parser weekday conversion (spec 4.2: week
 * numbers are converted from 1-7 to 0-6 for the preview — single values, ranges, steps, lists;
 * docs/architecture.md "Libraries and heavy widgets": the `#` form too). Headless.
 */
import type { CronUnit } from './units.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Replaces month names (JAN = 1) and Quartz weekday names (SUN = 1 … SAT = 7) by numbers. */
export function namesToNumbers(unit: CronUnit, text: string): string {
  const names = unit === 'month' ? MONTHS : unit === 'week' ? DAYS : null;
  if (!names) return text;
  return text.replace(/[A-Za-z]{3}/g, (w) => {
    const i = names.indexOf(w.toUpperCase());
    return i < 0 ? w : String(i + 1);
  });
}

/** One list item of the week field, 1-7 → 0-6 (the step and the `#` index stay). */
function itemToZeroBased(item: string): string {
  if (item === 'L') return '6'; // Quartz: L alone in the week field is Saturday (7)
  const cut = item.search(/[/#]/);
  const head = cut < 0 ? item : item.slice(0, cut);
  const tail = cut < 0 ? '' : item.slice(cut);
  return head.replace(/\d+/g, (n) => String(Math.max(Number(n) - 1, 0))) + tail;
}

/**
 * A Quartz week field (Sunday 1 … Saturday 7) in cron-parser's numbering (Sunday 0 … Saturday 6):
 * `2` → `1`, `2-6` → `1-5`, `1/2` → `0/2`, `2,4` → `1,3`, `3#2` → `2#2`, `6L` → `5L`;
 * `*` and `?` stay.
 */
export function weekToZeroBased(week: string): string {
  return namesToNumbers('week', week).split(',').map(itemToZeroBased).join(',');
}
