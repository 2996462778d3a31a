import { describe, expect, it } from 'vitest';
import { expandField } from './field-matcher.js';
import { formatCronTime, NO_EXECUTION_TIME, previewText } from './format.js';
import { nextTimes } from './next-times.js';
import { parseSpecialDay, resolveSpecialDay } from './special-days.js';

/**
 * Hand-worked calendar (local time), from Sunday 2026-11-22 08:00:00:
 * 2026: Nov 1 Sun, Nov 30 Mon; Dec 1 Tue, Dec 31 Thu.
 * 2027 (not leap): Jan 1 Fri, Jan 31 Sun; Feb 1 Mon, Feb 28 Sun; Mar 1 Mon, Mar 31 Wed;
 * Apr 1 Thu, Apr 30 Fri; May 1 Sat, May 31 Mon; Jun 1 Tue, Jun 30 Wed; Jul 1 Thu, Jul 31 Sat;
 * Aug 1 Sun, Aug 31 Tue; Sep 1 Wed, Sep 30 Thu; Oct 1 Fri, Oct 31 Sun.
 */
const FROM = new Date(2026, 10, 22, 8, 0, 0);
const next = (expr: string, count = 10) => nextTimes(expr, count, FROM).map(formatCronTime);
/** `days` at one time of day. */
const at = (time: string, ...days: string[]) => days.map((d) => `${d} ${time}`);
/** One day at several times. */
const on = (day: string, ...times: string[]) => times.map((t) => `${day} ${t}`);

describe('nextTimes — next ten of every mode, worked by hand', () => {
  it('every day at noon: 0 0 12 * * ?', () => {
    expect(next('0 0 12 * * ?')).toEqual(at('12:00:00', ...[22, 23, 24, 25, 26, 27, 28, 29, 30].map((d) => `2026-11-${d}`), '2026-12-01'));
  });

  it('Monday to Friday (Quartz 2-6): 0 15 10 ? * 2-6', () => {
    expect(next('0 15 10 ? * 2-6')).toEqual(
      at(
        '10:15:00',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2026-12-04',
      ),
    );
  });

  it('nearest weekday to the 15th: 0 0 12 15W * ?', () => {
    // May 15 2027 is a Saturday → Friday 14th; Aug 15 2027 a Sunday → Monday 16th
    expect(next('0 0 12 15W * ?')).toEqual(
      at(
        '12:00:00',
        '2026-12-15',
        '2027-01-15',
        '2027-02-15',
        '2027-03-15',
        '2027-04-15',
        '2027-05-14',
        '2027-06-15',
        '2027-07-15',
        '2027-08-16',
        '2027-09-15',
      ),
    );
  });

  it('last weekday of month: 0 0 18 LW * ?', () => {
    // Jan 31 and Feb 28 2027 are Sundays → Fri 29th / Fri 26th; Jul 31 a Saturday → Fri 30th
    expect(next('0 0 18 LW * ?')).toEqual(
      at(
        '18:00:00',
        '2026-11-30',
        '2026-12-31',
        '2027-01-29',
        '2027-02-26',
        '2027-03-31',
        '2027-04-30',
        '2027-05-31',
        '2027-06-30',
        '2027-07-30',
        '2027-08-31',
      ),
    );
  });

  it('3 days before month end: 0 0 9 L-3 * ?', () => {
    expect(next('0 0 9 L-3 * ?')).toEqual(
      at(
        '09:00:00',
        '2026-11-27',
        '2026-12-28',
        '2027-01-28',
        '2027-02-25',
        '2027-03-28',
        '2027-04-27',
        '2027-05-28',
        '2027-06-27',
        '2027-07-28',
        '2027-08-28',
      ),
    );
  });

  it('second Tuesday (Quartz 3#2): 0 30 8 ? * 3#2', () => {
    // Nov 10 2026 is past; Dec: Tue 1, 8; Jan 2027: Tue 5, 12; …
    expect(next('0 30 8 ? * 3#2')).toEqual(
      at(
        '08:30:00',
        '2026-12-08',
        '2027-01-12',
        '2027-02-09',
        '2027-03-09',
        '2027-04-13',
        '2027-05-11',
        '2027-06-08',
        '2027-07-13',
        '2027-08-10',
        '2027-09-14',
      ),
    );
  });

  it('last Friday (Quartz 6L): 0 0 12 ? * 6L', () => {
    expect(next('0 0 12 ? * 6L')).toEqual(
      at(
        '12:00:00',
        '2026-11-27',
        '2026-12-25',
        '2027-01-29',
        '2027-02-26',
        '2027-03-26',
        '2027-04-30',
        '2027-05-28',
        '2027-06-25',
        '2027-07-30',
        '2027-08-27',
      ),
    );
  });

  it('years 2027-2029 only: 0 0 0 1 1 ? 2027-2029 gives three times', () => {
    expect(next('0 0 0 1 1 ? 2027-2029')).toEqual(at('00:00:00', '2027-01-01', '2028-01-01', '2029-01-01'));
  });

  it('year step and year list', () => {
    expect(next('0 0 0 1 1 ? 2028/5', 4)).toEqual(at('00:00:00', '2028-01-01', '2033-01-01', '2038-01-01', '2043-01-01'));
    expect(next('0 0 12 25 12 ? 2026,2030')).toEqual(at('12:00:00', '2026-12-25', '2030-12-25'));
  });

  it('half-hourly in office hours: 0 0/30 9-17 * * ?', () => {
    expect(next('0 0/30 9-17 * * ?')).toEqual(
      on(
        '2026-11-22',
        '09:00:00',
        '09:30:00',
        '10:00:00',
        '10:30:00',
        '11:00:00',
        '11:30:00',
        '12:00:00',
        '12:30:00',
        '13:00:00',
        '13:30:00',
      ),
    );
  });

  it('every 2 days of the week from Sunday (Quartz 1/2 = Sun, Tue, Thu, Sat): 0 0 12 ? * 1/2', () => {
    expect(next('0 0 12 ? * 1/2')).toEqual(
      at(
        '12:00:00',
        '2026-11-22',
        '2026-11-24',
        '2026-11-26',
        '2026-11-28',
        '2026-11-29',
        '2026-12-01',
        '2026-12-03',
        '2026-12-05',
        '2026-12-06',
        '2026-12-08',
      ),
    );
  });

  it('every 3 days from the 1st: 0 0 12 1/3 * ?', () => {
    expect(next('0 0 12 1/3 * ?')).toEqual(
      at(
        '12:00:00',
        '2026-11-22',
        '2026-11-25',
        '2026-11-28',
        '2026-12-01',
        '2026-12-04',
        '2026-12-07',
        '2026-12-10',
        '2026-12-13',
        '2026-12-16',
        '2026-12-19',
      ),
    );
  });

  it('specific weekdays Monday and Wednesday (Quartz 2,4): 0 0 12 ? * 2,4', () => {
    expect(next('0 0 12 ? * 2,4')).toEqual(
      at(
        '12:00:00',
        '2026-11-23',
        '2026-11-25',
        '2026-11-30',
        '2026-12-02',
        '2026-12-07',
        '2026-12-09',
        '2026-12-14',
        '2026-12-16',
        '2026-12-21',
        '2026-12-23',
      ),
    );
  });

  it('specific days, day range, last day of month, specific months', () => {
    expect(next('0 0 12 1,15 * ?', 4)).toEqual(at('12:00:00', '2026-12-01', '2026-12-15', '2027-01-01', '2027-01-15'));
    expect(next('0 0 12 1-3 * ?', 4)).toEqual(at('12:00:00', '2026-12-01', '2026-12-02', '2026-12-03', '2027-01-01'));
    expect(next('0 0 12 L * ?', 4)).toEqual(at('12:00:00', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28'));
    expect(next('0 0 12 1 3,6 ?', 3)).toEqual(at('12:00:00', '2027-03-01', '2027-06-01', '2028-03-01'));
  });

  it('seconds loop, specific seconds and the 5-field hideSecond form', () => {
    expect(next('*/15 * * * * ?', 4)).toEqual(on('2026-11-22', '08:00:15', '08:00:30', '08:00:45', '08:01:00'));
    expect(next('5,10 * * * * ?', 3)).toEqual(on('2026-11-22', '08:00:05', '08:00:10', '08:01:05'));
    expect(next('0 12 * * ?', 2)).toEqual(at('12:00:00', '2026-11-22', '2026-11-23'));
  });

  it('the remaining unit modes: second and minute ranges, hour list and loop, month range and loop, weekday forms, one year', () => {
    expect(next('10-12 * * * * ?', 4)).toEqual(on('2026-11-22', '08:00:10', '08:00:11', '08:00:12', '08:01:10'));
    expect(next('0 10-12 9 * * ?', 4)).toEqual([...on('2026-11-22', '09:10:00', '09:11:00', '09:12:00'), '2026-11-23 09:10:00']);
    expect(next('0 0 6,18 * * ?', 3)).toEqual(['2026-11-22 18:00:00', '2026-11-23 06:00:00', '2026-11-23 18:00:00']);
    // hours 8, 14, 20; 08:00:00 itself is not after `from`
    expect(next('0 0 8/6 * * ?', 3)).toEqual(['2026-11-22 14:00:00', '2026-11-22 20:00:00', '2026-11-23 08:00:00']);
    expect(next('0 0 12 1 3-5 ?', 4)).toEqual(at('12:00:00', '2027-03-01', '2027-04-01', '2027-05-01', '2028-03-01'));
    // months 1, 5, 9
    expect(next('0 0 12 1 1/4 ?', 4)).toEqual(at('12:00:00', '2027-01-01', '2027-05-01', '2027-09-01', '2028-01-01'));
    expect(next('0 0 12 ? * *', 2)).toEqual(at('12:00:00', '2026-11-22', '2026-11-23'));
    // last Saturday (7L): Nov 30 2026 Mon → 28th; Dec 31 Thu → 26th; Jan 31 2027 Sun → 30th
    expect(next('0 0 12 ? * 7L', 3)).toEqual(at('12:00:00', '2026-11-28', '2026-12-26', '2027-01-30'));
    // first Sunday (1#1): Dec 1 2026 Tue → 6th; Jan 1 2027 Fri → 3rd; Feb 1 Mon → 7th
    expect(next('0 0 12 ? * 1#1', 3)).toEqual(at('12:00:00', '2026-12-06', '2027-01-03', '2027-02-07'));
    expect(next('0 0 12 1 1 ? 2028')).toEqual(['2028-01-01 12:00:00']);
    expect(next('0 0 12 * * ? *', 2)).toEqual(at('12:00:00', '2026-11-22', '2026-11-23'));
  });

  it('special day within given years and months', () => {
    expect(next('0 0 12 LW * ? 2027')).toEqual(
      at(
        '12:00:00',
        '2027-01-29',
        '2027-02-26',
        '2027-03-31',
        '2027-04-30',
        '2027-05-31',
        '2027-06-30',
        '2027-07-30',
        '2027-08-31',
        '2027-09-30',
        '2027-10-29',
      ),
    );
    expect(next('0 0 12 1W 5 ?', 2)).toEqual(at('12:00:00', '2027-05-03', '2028-05-01')); // May 1 2027 Sat → Mon 3rd
  });

  it('counts strictly after from: today at 08:00:00 is excluded, the window edge at midnight included', () => {
    expect(next('0 0 8 * * ?', 1)).toEqual(['2026-11-23 08:00:00']);
    expect(nextTimes('0 0 0 L-3 * ?', 1, new Date(2026, 10, 26, 23, 59, 59)).map(formatCronTime)).toEqual(['2026-11-27 00:00:00']);
  });

  it('gives no time for past years, impossible days and invalid expressions', () => {
    expect(next('0 0 0 1 1 ? 2020')).toEqual([]);
    expect(next('0 0 0 31W 2 ?')).toEqual([]);
    expect(next('0 0 0 30 2 ?')).toEqual([]);
    expect(next('60 0 0 * * ?')).toEqual([]);
    expect(next('0 0 12 * * 2')).toEqual([]);
    expect(next('nonsense')).toEqual([]);
    expect(next('0 0 12 * * ?', 0)).toEqual([]);
  });
});

describe('special days (our extension of cron-parser)', () => {
  it('resolves W without leaving the month', () => {
    const w = (d: number) => parseSpecialDay(`${d}W`)!;
    expect(resolveSpecialDay(w(1), 2027, 5)).toBe(3); // Sat 1st → Mon 3rd
    expect(resolveSpecialDay(w(31), 2027, 1)).toBe(29); // Sun 31st (last) → Fri 29th
    expect(resolveSpecialDay(w(15), 2027, 8)).toBe(16); // Sun → Mon
    expect(resolveSpecialDay(w(15), 2027, 5)).toBe(14); // Sat → Fri
    expect(resolveSpecialDay(w(15), 2027, 6)).toBe(15); // Tue stays
    expect(resolveSpecialDay(w(31), 2027, 4)).toBeNull(); // April has 30 days
  });

  it('resolves LW and L-n', () => {
    expect(resolveSpecialDay({ kind: 'lastWeekday' }, 2027, 7)).toBe(30); // Sat 31st → Fri 30th
    expect(resolveSpecialDay({ kind: 'lastWeekday' }, 2028, 2)).toBe(29); // leap year, Tue 29th
    expect(resolveSpecialDay({ kind: 'daysBeforeEnd', days: 3 }, 2028, 2)).toBe(26);
    expect(resolveSpecialDay({ kind: 'daysBeforeEnd', days: 30 }, 2027, 2)).toBeNull();
    expect(parseSpecialDay('L')).toBeNull();
    expect(parseSpecialDay('15')).toBeNull();
  });

  it('expands plain fields for the year and month filters', () => {
    expect([...expandField('2027-2029', 1970, 2199)!]).toEqual([2027, 2028, 2029]);
    expect([...expandField('1/4,12', 1, 12)!]).toEqual([1, 5, 9, 12]);
    expect(expandField('*', 1, 12)!.size).toBe(12);
    expect(expandField('L', 1, 12)).toBeNull();
  });
});

describe('preview format (24-hour clock)', () => {
  it('formats yyyy-MM-dd HH:mm:ss and says 没有执行时间 when none', () => {
    expect(formatCronTime(new Date(2026, 10, 22, 13, 5, 9))).toBe('2026-11-22 13:05:09');
    expect(formatCronTime(new Date(2027, 0, 2, 0, 0, 0))).toBe('2027-01-02 00:00:00');
    expect(previewText([new Date(2026, 10, 22, 23, 0, 0), new Date(2026, 10, 23, 1, 0, 0)])).toBe(
      '2026-11-22 23:00:00\n2026-11-23 01:00:00',
    );
    expect(previewText([])).toBe(NO_EXECUTION_TIME);
    expect(NO_EXECUTION_TIME).toBe('没有执行时间');
  });
});
