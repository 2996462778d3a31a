/**
 * The text-input builder's model (spec 4.2 second paragraph): one text per field, defaults,
 * the auto-adjustments applied when a field changes, and the preview expression (year
 * excluded). Headless.
 */
import { shapeUnits, splitCron, unitsOfFields } from './cron-codec.js';
import { CRON_UNITS, type CronUnit } from './units.js';
import type { CronShapeOptions } from './validate.js';

/** The text of every field. */
export type CronFields = Record<CronUnit, string>;

/** Spec 4.2: second, minute, hour, day, month, year '*'; week '?'. */
export const DEFAULT_FIELDS: Readonly<CronFields> = {
  second: '*',
  minute: '*',
  hour: '*',
  day: '*',
  month: '*',
  week: '?',
  year: '*',
};

/**
 * Spec 4.2 auto-adjustments, by the field that changed: minute → second 0 if '*'; hour →
 * minute 0 if '*'; day or week set to non-'?' → hour 0 if '*'; month → if day is '?' and week
 * '*', week 1, and vice versa (week '?' and day '*') day 1; year → month 1 if '*'.
 */
const ADJUST: Record<CronUnit, (f: CronFields) => Partial<CronFields>> = {
  second: () => ({}),
  minute: (f) => (f.second === '*' ? { second: '0' } : {}),
  hour: (f) => (f.minute === '*' ? { minute: '0' } : {}),
  day: (f) => (f.day !== '?' && f.hour === '*' ? { hour: '0' } : {}),
  week: (f) => (f.week !== '?' && f.hour === '*' ? { hour: '0' } : {}),
  month: (f) => (f.day === '?' && f.week === '*' ? { week: '1' } : f.week === '?' && f.day === '*' ? { day: '1' } : {}),
  year: (f) => (f.month === '*' ? { month: '1' } : {}),
};

/**
 * The fields after `unit` changed to `value` (trimmed; empty → the field's default), with the
 * auto-adjustments applied. An adjusted field counts as changed too, as in the original
 * (year → month 1 → …), so a change cascades towards the seconds. Unchanged → same object.
 */
export function applyFieldChange(fields: CronFields, unit: CronUnit, value: string): CronFields {
  const text = value.trim() || DEFAULT_FIELDS[unit];
  if (fields[unit] === text) return fields;
  const next: CronFields = { ...fields, [unit]: text };
  const queue: CronUnit[] = [unit];
  while (queue.length) {
    const patch = ADJUST[queue.shift() as CronUnit](next);
    for (const [k, v] of Object.entries(patch) as [CronUnit, string][]) {
      if (next[k] === v) continue;
      next[k] = v;
      queue.push(k);
    }
  }
  return next;
}

/** The expression of the fields in the given shape (second/year dropped when hidden). */
export function fieldsToCron(fields: CronFields, opts: CronShapeOptions = {}): string {
  return shapeUnits(opts)
    .map((u) => fields[u] || DEFAULT_FIELDS[u])
    .join(' ');
}

/**
 * The fields of an expression (5 fields: minute … week; 6: second … week; 7: … year); fields
 * it does not carry keep their defaults. null when the field count is none of these.
 */
export function cronToFields(expr: string | null | undefined): CronFields | null {
  const parts = splitCron(expr);
  const units = parts.length === 0 ? [] : unitsOfFields(parts.length);
  if (!units) return null;
  const out: CronFields = { ...DEFAULT_FIELDS };
  units.forEach((u, i) => (out[u] = parts[i]));
  return out;
}

/**
 * The expression the preview evaluates (spec 4.2: the next ten times, year excluded):
 * second … week (minute … week with hideSecond). The week conversion to 0-6 happens in
 * nextTimes' adapter.
 */
export function previewCronOf(fields: CronFields, opts: CronShapeOptions = {}): string {
  return fieldsToCron(fields, { hideSecond: opts.hideSecond, hideYear: true });
}

/** The tabs of the text-input builder: second hidden by hideSecond, year by hideYear or hideSecond. */
export function textBuilderUnits(opts: CronShapeOptions = {}): CronUnit[] {
  return CRON_UNITS.filter((u) => !(u === 'second' && opts.hideSecond) && !(u === 'year' && (opts.hideYear || opts.hideSecond)));
}
