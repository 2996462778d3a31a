/**
 * Next execution times of a Quartz expression (spec 4.2 preview, spec 9: 10 times). cron-parser
 * computes them where it reads the expression, behind an adapter (Quartz weekdays Sunday 1 …
 * Saturday 7 → cron-parser's 0-6, `#` and `L` forms included); our extension covers what it
 * lacks (docs/architecture.md "Libraries and heavy widgets"): the day forms `W`, `LW`, `L-n` and the year field. Headless.
 */
import { CronExpressionParser } from 'cron-parser';
import { splitCron, unitsOfFields } from './cron-codec.js';
import { expandField } from './field-matcher.js';
import { parseSpecialDay, resolveSpecialDay, type SpecialDay } from './special-days.js';
import { DEFAULT_FIELDS, type CronFields } from './text-builder.js';
import { PREVIEW_COUNT } from './units.js';
import { validateCron } from './validate.js';
import { namesToNumbers, weekToZeroBased } from './week.js';

/** Years scanned at most when looking for times (Quartz reads years up to 2099). */
const LAST_YEAR = 2199;

/** The fields of a valid expression (5 fields: seconds 0; 6: any year), or null. */
function readFields(expr: string): CronFields | null {
  const parts = splitCron(expr);
  const units = unitsOfFields(parts.length);
  if (!units || validateCron(expr, { hideSecond: parts.length === 5 })) return null;
  const f: CronFields = { ...DEFAULT_FIELDS, second: '0' };
  units.forEach((u, i) => (f[u] = parts[i]));
  return f;
}

/** Up to `n` times of a cron-parser expression strictly after `after` and not after `until`. */
function collect(expr: string, after: Date, until: Date | undefined, n: number): Date[] {
  if (n <= 0 || (until && until <= after)) return [];
  const it = CronExpressionParser.parse(expr, { currentDate: after, ...(until ? { endDate: until } : {}) });
  return it.take(n).map((d) => d.toDate());
}

const later = (a: Date, b: Date) => (a > b ? a : b);
/** The instant just before local midnight starting the given day (so that midnight itself counts). */
const justBefore = (y: number, m: number, d: number) => new Date(new Date(y, m - 1, d).getTime() - 1);
const endOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999);

/** Times on special days (`W`, `LW`, `L-n`): month by month, the day resolved, cron-parser for the hours. */
function specialDayTimes(f: CronFields, sd: SpecialDay, years: Set<number> | null, count: number, from: Date): Date[] {
  const months = expandField(namesToNumbers('month', f.month), 1, 12);
  if (!months) return [];
  const out: Date[] = [];
  const lastYear = years ? Math.max(...years) : LAST_YEAR;
  for (let y = from.getFullYear(); y <= lastYear && out.length < count; y++) {
    if (years && !years.has(y)) continue;
    for (let m = 1; m <= 12 && out.length < count; m++) {
      const d = months.has(m) ? resolveSpecialDay(sd, y, m) : null;
      if (d === null || endOf(y, m, d) <= from) continue;
      const expr = `${f.second} ${f.minute} ${f.hour} ${d} ${m} *`;
      out.push(...collect(expr, later(from, justBefore(y, m, d)), endOf(y, m, d), count - out.length));
    }
  }
  return out;
}

/** Times within the years a year field selects, year by year. */
function yearTimes(expr6: string, years: Set<number>, count: number, from: Date): Date[] {
  const out: Date[] = [];
  const sorted = [...years].filter((y) => y >= from.getFullYear()).sort((a, b) => a - b);
  for (const y of sorted) {
    if (out.length >= count) break;
    out.push(...collect(expr6, later(from, justBefore(y, 1, 1)), endOf(y, 12, 31), count - out.length));
  }
  return out;
}

/**
 * The next `count` execution times of a Quartz expression strictly after `from` (5 fields:
 * minute … week; 6: second … week; 7: … year). An invalid expression (spec 5.3) or one that never
 * fires again gives [] (the preview then shows 没有执行时间).
 */
export function nextTimes(expr: string, count: number = PREVIEW_COUNT, from: Date = new Date()): Date[] {
  const f = readFields(expr);
  if (!f || count <= 0) return [];
  try {
    const years = f.year === '*' ? null : expandField(f.year, 1970, LAST_YEAR);
    const special = parseSpecialDay(f.day);
    if (special) return specialDayTimes(f, special, years, count, from);
    const expr6 = [f.second, f.minute, f.hour, f.day, f.month, weekToZeroBased(f.week)].join(' ');
    return years ? yearTimes(expr6, years, count, from) : collect(expr6, from, undefined, count);
  } catch {
    return [];
  }
}
