import { describe, expect, it } from 'vitest';
import { buildCron, normalizeDayWeek, parseCron } from './cron-codec.js';
import { DAY_TAB_MODES, dayTabModeOf, withDayTabMode } from './day-tab.js';
import { defaultCronState, UNIT_MODES, withMode, type CronMode } from './state.js';
import { buildUnit, parseUnit } from './unit-codec.js';
import { CRON_UNITS, type CronUnit } from './units.js';

const NOW = new Date(2026, 10, 22, 8, 0, 0);

/** One sample text per mode per unit (spec 4.2), as buildUnit writes it. */
const SAMPLES: Record<CronUnit, Partial<Record<CronMode, string[]>>> = {
  second: { every: ['*'], increment: ['0/1', '3/5', '59/59'], specific: ['0', '0,15,30,59'], range: ['0-59', '10-20'] },
  minute: { every: ['*'], increment: ['0/60', '5/15'], specific: ['1,2,3'], range: ['0-30'] },
  hour: { every: ['*'], increment: ['0/1', '8/2'], specific: ['0,12,23'], range: ['0-23', '9-17'] },
  day: {
    every: ['*'],
    unset: ['?'],
    increment: ['1/3', '31/31'],
    specific: ['1,15,31'],
    range: ['1-15'],
    lastDay: ['L'],
    lastWeekday: ['LW'],
    daysBeforeEnd: ['L-1', 'L-3', 'L-30'],
    nearestWeekday: ['1W', '15W', '31W'],
  },
  month: { every: ['*'], increment: ['1/1', '3/12'], specific: ['1,6,12'], range: ['1-12', '3-9'] },
  week: {
    every: ['*'],
    unset: ['?'],
    increment: ['1/2', '2/7'],
    specific: ['2,4', '1,7'],
    range: ['2-6'],
    lastGivenWeekday: ['6L', '1L', '7L'],
    nthWeekday: ['3#2', '1#1', '7#5'],
  },
  year: { every: ['*'], increment: ['2019/1', '2026/99'], specific: ['2019', '2027,2119'], range: ['2027-2029', '2019-2119'] },
};

describe('parseUnit / buildUnit', () => {
  it('covers every mode each unit offers', () => {
    for (const unit of CRON_UNITS) expect(Object.keys(SAMPLES[unit]).sort()).toEqual([...UNIT_MODES[unit]].sort());
  });

  for (const unit of CRON_UNITS) {
    it(`round-trips every mode of ${unit}: build → parse → build`, () => {
      for (const [mode, texts] of Object.entries(SAMPLES[unit])) {
        for (const text of texts ?? []) {
          const state = parseUnit(unit, text, NOW);
          expect(state.cronEvery, `${unit} ${text}`).toBe(mode);
          const built = buildUnit(unit, state);
          expect(built).toBe(text);
          expect(buildUnit(unit, parseUnit(unit, built, NOW))).toBe(built);
        }
      }
    });
  }

  it('reads the values of each mode into the spec 3 state fields', () => {
    expect(parseUnit('second', '3/5')).toMatchObject({ cronEvery: 'increment', incrementStart: 3, incrementIncrement: 5 });
    expect(parseUnit('hour', '9-17')).toMatchObject({ cronEvery: 'range', rangeStart: 9, rangeEnd: 17 });
    expect(parseUnit('minute', '30,5,5')).toMatchObject({ cronEvery: 'specific', specificSpecific: [5, 30] });
    expect(parseUnit('day', 'L-3')).toMatchObject({ cronEvery: 'daysBeforeEnd', cronDaysBeforeEomMinus: 3 });
    expect(parseUnit('day', '15W')).toMatchObject({ cronEvery: 'nearestWeekday', cronDaysNearestWeekday: 15 });
    expect(parseUnit('week', '6L')).toMatchObject({ cronEvery: 'lastGivenWeekday', cronLastSpecificDomDay: 6 });
    expect(parseUnit('week', '3#2')).toMatchObject({ cronEvery: 'nthWeekday', cronNthDayDay: 3, cronNthDayNth: 2 });
    expect(parseUnit('second', '*/10')).toMatchObject({ cronEvery: 'increment', incrementStart: 0, incrementIncrement: 10 });
    expect(parseUnit('month', 'JAN,MAR')).toMatchObject({ cronEvery: 'specific', specificSpecific: [1, 3] });
    expect(parseUnit('week', 'MON-FRI')).toMatchObject({ cronEvery: 'range', rangeStart: 2, rangeEnd: 6 });
  });

  it('falls back to every (week: unset) for what the builder cannot show', () => {
    for (const [unit, text] of [
      ['second', 'abc'],
      ['second', '60'],
      ['second', '?'],
      ['minute', '1-5/2'],
      ['hour', '24'],
      ['day', '1-3,5'],
      ['day', '6L'],
      ['month', '13'],
      ['year', '2018'],
    ] as [CronUnit, string][]) {
      expect(parseUnit(unit, text).cronEvery, `${unit} ${text}`).toBe('every');
    }
    expect(parseUnit('week', 'LW').cronEvery).toBe('unset');
    expect(parseUnit('week', '8').cronEvery).toBe('unset');
    expect(parseUnit('year', undefined).cronEvery).toBe('every');
  });

  it('builds an empty specific list as the unit minimum and uses spec defaults', () => {
    const s = { ...parseUnit('second', '*'), cronEvery: 'specific' as const, specificSpecific: [] };
    expect(buildUnit('second', s)).toBe('0');
    const d = defaultCronState(NOW);
    expect(d.hour).toMatchObject({ cronEvery: 'every', rangeStart: 0, rangeEnd: 23, incrementStart: 0, incrementIncrement: 1 });
    expect(d.month).toMatchObject({ rangeStart: 1, rangeEnd: 12 });
    expect(d.year).toMatchObject({ rangeStart: 2026, rangeEnd: 2119, incrementStart: 2026 });
    expect(d.week.cronEvery).toBe('unset');
  });
});

describe('parseCron / buildCron', () => {
  const exprs = [
    '0 0 12 * * ? *',
    '0 15 10 ? * 2-6 *',
    '0 0 12 15W * ? *',
    '0 0 18 LW * ? *',
    '0 0 9 L-3 * ? *',
    '0 30 8 ? * 3#2 *',
    '0 0 12 ? * 6L *',
    '0 0 0 1 1 ? 2027-2029',
    '0 0/30 9-17 * * ? *',
    '0 0 12 ? * 1/2 *',
    '0 0 12 1/3 * ? *',
    '0 0 12 ? * 2,4 *',
    '0 0 12 1,15 * ? *',
    '0 0 12 L * ? *',
    '5,10 1-2 3/4 * 1/2 ? 2019/99',
  ];
  it('round-trips whole expressions of every mode', () => {
    for (const e of exprs) {
      const built = buildCron(parseCron(e, NOW));
      expect(built).toBe(e);
      expect(buildCron(parseCron(built, NOW))).toBe(built);
    }
  });

  it('reads 6- and 5-field expressions and writes the shape asked for', () => {
    expect(buildCron(parseCron('0 0 12 * * ?', NOW))).toBe('0 0 12 * * ? *');
    expect(buildCron(parseCron('0 0 12 * * ?', NOW), { hideYear: true })).toBe('0 0 12 * * ?');
    expect(buildCron(parseCron('30 9 ? * 2-6', NOW), { hideSecond: true })).toBe('30 9 ? * 2-6');
    expect(buildCron(parseCron('0 0 12 * * ? 2027', NOW), { hideSecond: true, hideYear: false })).toBe('0 12 * * ?');
  });

  it('uses the defaults without an expression or with a wrong field count', () => {
    expect(buildCron(parseCron('', NOW))).toBe('* * * * * ? *');
    expect(buildCron(parseCron(null, NOW))).toBe('* * * * * ? *');
    expect(buildCron(parseCron('1 2 3', NOW))).toBe('* * * * * ? *');
    expect(buildCron(parseCron('0 0 12 * * ? * 9', NOW))).toBe('* * * * * ? *');
  });

  it('keeps day and week mutually exclusive', () => {
    expect(buildCron(parseCron('0 0 12 * * *', NOW))).toBe('0 0 12 * * ? *');
    expect(buildCron(parseCron('0 0 12 * * 2', NOW))).toBe('0 0 12 ? * 2 *');
    expect(buildCron(parseCron('0 0 12 5 * 2', NOW))).toBe('0 0 12 5 * ? *');
    expect(buildCron(parseCron('0 0 12 ? * ?', NOW))).toBe('0 0 12 * * ? *');
    expect(buildCron(parseCron('0 0 12 ? * *', NOW))).toBe('0 0 12 ? * * *');
    const both = defaultCronState(NOW);
    both.week.cronEvery = 'specific';
    expect(normalizeDayWeek(both).day.cronEvery).toBe('unset');
  });

  it('falls back to every per field, keeping the others', () => {
    expect(buildCron(parseCron('x 0 12 * * ?', NOW))).toBe('* 0 12 * * ? *');
  });
});

describe('day tab', () => {
  it('maps every day-tab mode to its field and unsets the other', () => {
    const expected: Record<string, string> = {
      every: '* ?',
      weekIncrement: '? 1/1',
      dayIncrement: '1/1 ?',
      weekSpecific: '? 1',
      daySpecific: '1 ?',
      lastDay: 'L ?',
      lastWeekday: 'LW ?',
      lastGivenWeekday: '? 1L',
      daysBeforeEnd: 'L-1 ?',
      nearestWeekday: '1W ?',
      nthWeekday: '? 1#1',
      dayRange: '1-31 ?',
      weekRange: '? 1-7',
    };
    for (const { mode } of DAY_TAB_MODES) {
      const s = withDayTabMode(defaultCronState(NOW), mode);
      expect(dayTabModeOf(s)).toBe(mode);
      const f = buildCron(s).split(' ');
      expect(`${f[3]} ${f[5]}`, mode).toBe(expected[mode]);
      expect(dayTabModeOf(parseCron(buildCron(s), NOW))).toBe(mode);
    }
  });

  it('reads the tab mode of parsed expressions', () => {
    expect(dayTabModeOf(parseCron('0 0 12 ? * 3#2', NOW))).toBe('nthWeekday');
    expect(dayTabModeOf(parseCron('0 0 12 L-3 * ?', NOW))).toBe('daysBeforeEnd');
    expect(dayTabModeOf(parseCron('0 0 12 ? * *', NOW))).toBe('every');
  });
});

describe('withMode', () => {
  it('starts an empty specific list with the first value (the year: the current year)', () => {
    const d = defaultCronState(NOW);
    expect(d.second.specificSpecific).toEqual([]);
    expect(withMode('second', d.second, 'specific', NOW).specificSpecific).toEqual([0]);
    expect(withMode('day', d.day, 'specific', NOW).specificSpecific).toEqual([1]);
    expect(withMode('year', d.year, 'specific', NOW).specificSpecific).toEqual([2026]);
    const chosen = { ...d.minute, specificSpecific: [5, 10] };
    expect(withMode('minute', chosen, 'specific', NOW).specificSpecific).toEqual([5, 10]);
    expect(withMode('minute', chosen, 'range', NOW)).toMatchObject({ cronEvery: 'range', specificSpecific: [5, 10] });
  });
});
