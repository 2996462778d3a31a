import { describe, expect, it } from 'vitest';
import { UNIT_BOUNDS, unitValues, yearChoices, type CronUnit } from './units.js';
import { validateCron, validateUnit } from './validate.js';

/** Spec 5.3 bounds: [unit, value min, value max, step min, step max, range message, step message]. */
const BOUNDS: [CronUnit, number, number, number, number, string, string][] = [
  ['second', 0, 59, 1, 59, '秒的取值范围为0-59', '秒的间隔范围为1-59'],
  ['minute', 0, 59, 1, 60, '分钟的取值范围为0-59', '分钟的间隔范围为1-60'],
  ['hour', 0, 23, 1, 23, '小时的取值范围为0-23', '小时的间隔范围为1-23'],
  ['day', 1, 31, 1, 31, '日的取值范围为1-31', '日的间隔范围为1-31'],
  ['month', 1, 12, 1, 12, '月的取值范围为1-12', '月的间隔范围为1-12'],
  ['week', 1, 7, 1, 7, '周的取值范围为1-7', '周的间隔范围为1-7'],
  ['year', 2019, 2119, 1, 99, '年的取值范围为2019-2119', '年的间隔范围为1-99'],
];

describe('spec 5.3 bounds', () => {
  for (const [unit, min, max, stepMin, stepMax, rangeMsg, stepMsg] of BOUNDS) {
    it(`${unit}: values ${min}-${max}, step ${stepMin}-${stepMax}`, () => {
      expect(UNIT_BOUNDS[unit]).toEqual({ min, max, stepMin, stepMax });
      // accepted at the edges, as single values, ranges, lists and loops
      for (const ok of [`${min}`, `${max}`, `${min}-${max}`, `${min},${max}`, `${min}/${stepMin}`, `${max}/${stepMax}`, `*/${stepMax}`]) {
        expect(validateUnit(unit, ok), `${unit} ${ok}`).toBeNull();
      }
      // rejected just outside
      for (const bad of [`${min - 1}`, `${max + 1}`, `${min}-${max + 1}`, `${min},${max + 1}`, `${min - 1}/${stepMin}`]) {
        expect(validateUnit(unit, bad), `${unit} ${bad}`).toBe(rangeMsg);
      }
      for (const bad of [`${min}/${stepMin - 1}`, `${min}/${stepMax + 1}`, `*/${stepMax + 1}`]) {
        expect(validateUnit(unit, bad), `${unit} ${bad}`).toBe(stepMsg);
      }
    });
  }

  it('rejects non-integers, reversed ranges and unknown text', () => {
    expect(validateUnit('second', '1.5')).toBe('秒必须为整数');
    expect(validateUnit('day', '1.0')).toBe('日必须为整数');
    expect(validateUnit('hour', '-1')).toBe('小时的取值范围为0-23');
    expect(validateUnit('hour', '20-3')).toBe('小时的开始值不能大于结束值');
    expect(validateUnit('minute', 'x')).toBe('分钟的表达式无法识别：x');
    expect(validateUnit('minute', '1,,2')).toBe('分钟的表达式无法识别：1,,2');
    expect(validateUnit('minute', '1/2/3')).toBe('分钟的表达式无法识别：1/2/3');
    expect(validateUnit('second', '?')).toBe('秒不能使用?，只有日和周可以');
    expect(validateUnit('second', '')).toBe('秒不能为空');
    expect(validateUnit('year', '')).toBeNull();
  });

  it('bounds the day forms: L-n 1-30, nW 1-31', () => {
    for (const ok of ['L', 'LW', 'L-1', 'L-30', '1W', '31W', '?']) expect(validateUnit('day', ok), ok).toBeNull();
    expect(validateUnit('day', 'L-0')).toBe('月末前天数的取值范围为1-30');
    expect(validateUnit('day', 'L-31')).toBe('月末前天数的取值范围为1-30');
    expect(validateUnit('day', '0W')).toBe('日的取值范围为1-31');
    expect(validateUnit('day', '32W')).toBe('日的取值范围为1-31');
    expect(validateUnit('day', '1,15W')).toBe('日的表达式无法识别：1,15W');
  });

  it('bounds the week forms: weekday 1-7, weekday-of-month index 1-5', () => {
    for (const ok of ['1#1', '7#5', '1L', '7L', 'L', '?', 'MON-FRI', 'SUN#2']) expect(validateUnit('week', ok), ok).toBeNull();
    expect(validateUnit('week', '3#0')).toBe('第几周的取值范围为1-5');
    expect(validateUnit('week', '3#6')).toBe('第几周的取值范围为1-5');
    expect(validateUnit('week', '0#2')).toBe('周的取值范围为1-7');
    expect(validateUnit('week', '8#2')).toBe('周的取值范围为1-7');
    expect(validateUnit('week', '0L')).toBe('周的取值范围为1-7');
    expect(validateUnit('week', '8L')).toBe('周的取值范围为1-7');
  });

  it('lists the checkbox values: seconds 0-59, hours 0-23, years from 2019 for 100 entries', () => {
    expect(unitValues('second')).toHaveLength(60);
    expect(unitValues('hour').at(-1)).toBe(23);
    expect(yearChoices()[0]).toBe(2019);
    expect(yearChoices()).toHaveLength(100);
    expect(unitValues('year').at(-1)).toBe(2118);
  });
});

describe('validateCron', () => {
  it('accepts valid expressions of each shape', () => {
    expect(validateCron('0 0 12 * * ?')).toBeNull();
    expect(validateCron('0 0 12 * * ? 2027')).toBeNull();
    expect(validateCron('0 12 * * ?', { hideSecond: true })).toBeNull();
    expect(validateCron('0 0 12 * * ?', { hideYear: true })).toBeNull();
  });

  it('checks the field count, each field and day/week exclusivity', () => {
    expect(validateCron('')).toBe('请输入Cron表达式');
    expect(validateCron('0 0 12 * *')).toBe('Cron表达式应包含6或7个字段');
    expect(validateCron('0 0 12 * * ? *', { hideYear: true })).toBe('Cron表达式应包含6个字段');
    expect(validateCron('0 0 12 * * ?', { hideSecond: true })).toBe('Cron表达式应包含5个字段');
    expect(validateCron('60 0 12 * * ?')).toBe('秒的取值范围为0-59');
    expect(validateCron('0 0 12 * * ? 2120')).toBe('年的取值范围为2019-2119');
    expect(validateCron('0 0 12 * * 2')).toBe('日和周不能同时指定，其中一个必须为?');
    expect(validateCron('0 0 12 ? * ?')).toBe('日和周不能同时为?');
  });
});
