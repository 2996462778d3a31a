/**
 * The seven fields of a Quartz cron expression and their bounds (spec 3 "Cron value",
 * spec 5.3 "Cron bounds", spec 9 cron constants). Headless.
 */

/** The fields in expression order: second minute hour day month week year. */
export const CRON_UNITS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronUnit = (typeof CRON_UNITS)[number];

/** Bounds of one field: values `min`–`max`, loop interval (step) `stepMin`–`stepMax` (spec 5.3). */
export interface UnitBounds {
  min: number;
  max: number;
  stepMin: number;
  stepMax: number;
}

/** Spec 9: the year checkboxes start at 2019 and list 100 entries. */
export const YEAR_FIRST = 2019;
export const YEAR_COUNT = 100;

/**
 * Spec 5.3: seconds 0-59 (step 1-59); minutes 0-59 (step 1-60); hours 0-23; days 1-31;
 * months 1-12; weekdays 1-7 (Sunday 1 … Saturday 7, loop interval 1-7); years 2019-2119
 * (step 1-99). Deviation: the spec's month step 0-12 starts at 1 here — a step of 0 makes an
 * expression no scheduler accepts (docs/spec-coverage.md).
 */
export const UNIT_BOUNDS: Record<CronUnit, UnitBounds> = {
  second: { min: 0, max: 59, stepMin: 1, stepMax: 59 },
  minute: { min: 0, max: 59, stepMin: 1, stepMax: 60 },
  hour: { min: 0, max: 23, stepMin: 1, stepMax: 23 },
  day: { min: 1, max: 31, stepMin: 1, stepMax: 31 },
  month: { min: 1, max: 12, stepMin: 1, stepMax: 12 },
  week: { min: 1, max: 7, stepMin: 1, stepMax: 7 },
  year: { min: YEAR_FIRST, max: 2119, stepMin: 1, stepMax: 99 },
};

/** Spec 5.3: the weekday-of-month index of `3#2` is 1-5. */
export const NTH_BOUNDS = { min: 1, max: 5 } as const;
/** `L-n`: n days before the month's last day, 1-30. */
export const DAYS_BEFORE_END_BOUNDS = { min: 1, max: 30 } as const;

/** Chinese names of the fields, used in messages (秒的取值范围为0-59). */
export const UNIT_NAMES: Record<CronUnit, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** Quartz weekday numbers: Sunday 1 … Saturday 7 (spec 4.2). Index = number - 1. */
export const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** The Chinese name of Quartz weekday `n` (1-7). */
export function weekdayName(n: number): string {
  return WEEKDAY_NAMES[n - 1] ?? String(n);
}

/** Spec 9: the years the year checkboxes list (2019 …, 100 entries). */
export function yearChoices(): number[] {
  return Array.from({ length: YEAR_COUNT }, (_, i) => YEAR_FIRST + i);
}

/** Every value of a field from min to max (the checkbox lists: seconds 0-59 …). */
export function unitValues(unit: CronUnit): number[] {
  if (unit === 'year') return yearChoices();
  const { min, max } = UNIT_BOUNDS[unit];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** Spec 9: the preview lists the next 10 times; a remote preview is debounced 500 ms. */
export const PREVIEW_COUNT = 10;
export const PREVIEW_DEBOUNCE_MS = 500;
