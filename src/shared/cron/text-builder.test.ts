import { describe, expect, it } from 'vitest';
import {
  applyFieldChange,
  cronToFields,
  DEFAULT_FIELDS,
  fieldsToCron,
  previewCronOf,
  textBuilderUnits,
  type CronFields,
} from './text-builder.js';
import { weekToZeroBased } from './week.js';

const f = (over: Partial<CronFields> = {}): CronFields => ({ ...DEFAULT_FIELDS, ...over });

describe('text-input builder (spec 4.2)', () => {
  it('defaults second … year to * and week to ?', () => {
    expect(fieldsToCron(DEFAULT_FIELDS)).toBe('* * * * * ? *');
    expect(fieldsToCron(DEFAULT_FIELDS, { hideYear: true })).toBe('* * * * * ?');
    expect(fieldsToCron(DEFAULT_FIELDS, { hideSecond: true })).toBe('* * * * ?');
  });

  it('minute changed → second 0 if *', () => {
    expect(applyFieldChange(f(), 'minute', '5')).toEqual(f({ minute: '5', second: '0' }));
    expect(applyFieldChange(f({ second: '30' }), 'minute', '5')).toEqual(f({ minute: '5', second: '30' }));
  });

  it('hour changed → minute 0 if * (and so second 0)', () => {
    expect(applyFieldChange(f(), 'hour', '8')).toEqual(f({ hour: '8', minute: '0', second: '0' }));
    expect(applyFieldChange(f({ minute: '15' }), 'hour', '8')).toEqual(f({ hour: '8', minute: '15' }));
  });

  it('day or week set to non-? → hour 0 if *', () => {
    expect(applyFieldChange(f(), 'day', '15')).toEqual(f({ day: '15', hour: '0', minute: '0', second: '0' }));
    expect(applyFieldChange(f({ day: '?', hour: '9' }), 'week', '2')).toEqual(f({ day: '?', week: '2', hour: '9' }));
    expect(applyFieldChange(f({ day: '1', week: '2' }), 'day', '?')).toEqual(f({ day: '?', week: '2' }));
    expect(applyFieldChange(f({ day: '?', week: '2' }), 'week', '*')).toEqual(
      f({ day: '?', week: '*', hour: '0', minute: '0', second: '0' }),
    );
  });

  it('month changed: day ? and week * → week 1; week ? and day * → day 1', () => {
    const a = applyFieldChange(f({ day: '?', week: '*', hour: '0' }), 'month', '3');
    expect(a).toEqual(f({ day: '?', week: '1', month: '3', hour: '0' }));
    const b = applyFieldChange(f({ hour: '0' }), 'month', '3');
    expect(b).toEqual(f({ day: '1', month: '3', hour: '0' }));
    expect(applyFieldChange(f({ day: '5', hour: '0' }), 'month', '3')).toEqual(f({ day: '5', month: '3', hour: '0' }));
  });

  it('year changed → month 1 if * (cascading as the original)', () => {
    expect(applyFieldChange(f({ second: '0', minute: '0', hour: '0', day: '1' }), 'year', '2027')).toEqual(
      f({ second: '0', minute: '0', hour: '0', day: '1', month: '1', year: '2027' }),
    );
    expect(applyFieldChange(f(), 'year', '2027')).toEqual(f({ second: '0', minute: '0', hour: '0', day: '1', month: '1', year: '2027' }));
    expect(applyFieldChange(f({ month: '6' }), 'year', '2027').month).toBe('6');
  });

  it('an unchanged field changes nothing; an emptied field returns to its default', () => {
    const base = f();
    expect(applyFieldChange(base, 'minute', ' * ')).toBe(base);
    expect(applyFieldChange(f({ week: '2', day: '?' }), 'week', '')).toEqual(f({ week: '?', day: '?' }));
  });

  it('reads expressions of 5, 6 and 7 fields', () => {
    expect(cronToFields('0 0 12 * * ? 2027')).toEqual(f({ second: '0', minute: '0', hour: '12', year: '2027' }));
    expect(cronToFields('0 0 12 * * ?')).toEqual(f({ second: '0', minute: '0', hour: '12' }));
    expect(cronToFields('0 12 * * ?')).toEqual(f({ minute: '0', hour: '12' }));
    expect(cronToFields('')).toEqual(DEFAULT_FIELDS);
    expect(cronToFields('1 2')).toBeNull();
  });

  it('previews without the year (second hidden with hideSecond)', () => {
    const x = f({ second: '0', minute: '30', hour: '8', day: '?', week: '3#2', year: '2027' });
    expect(previewCronOf(x)).toBe('0 30 8 ? * 3#2');
    expect(previewCronOf(x, { hideSecond: true })).toBe('30 8 ? * 3#2');
  });

  it('shows the tabs second … year, second hidden by hideSecond, year by hideYear or hideSecond', () => {
    expect(textBuilderUnits()).toEqual(['second', 'minute', 'hour', 'day', 'month', 'week', 'year']);
    expect(textBuilderUnits({ hideYear: true })).toEqual(['second', 'minute', 'hour', 'day', 'month', 'week']);
    expect(textBuilderUnits({ hideSecond: true })).toEqual(['minute', 'hour', 'day', 'month', 'week']);
  });

  it('converts week 1-7 to 0-6: single values, ranges, steps, lists, # and L', () => {
    expect(weekToZeroBased('1')).toBe('0');
    expect(weekToZeroBased('7')).toBe('6');
    expect(weekToZeroBased('2-6')).toBe('1-5');
    expect(weekToZeroBased('1/2')).toBe('0/2');
    expect(weekToZeroBased('2-6/2')).toBe('1-5/2');
    expect(weekToZeroBased('*/2')).toBe('*/2');
    expect(weekToZeroBased('2,4,7')).toBe('1,3,6');
    expect(weekToZeroBased('3#2')).toBe('2#2');
    expect(weekToZeroBased('6L')).toBe('5L');
    expect(weekToZeroBased('L')).toBe('6');
    expect(weekToZeroBased('MON-FRI')).toBe('1-5');
    expect(weekToZeroBased('?')).toBe('?');
    expect(weekToZeroBased('*')).toBe('*');
  });
});
