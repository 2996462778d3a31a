import { describe, expect, it } from 'vitest';
import { insertAfter, moveItem } from './array.js';
import { greeting } from './greeting.js';
import { parseProgress, roundTo2 } from './number.js';
import { ellipsisText, isEllipsed } from './text.js';

describe('greeting (spec 9)', () => {
  it('greets by hour', () => {
    const byHour = Array.from({ length: 24 }, (_, h) => greeting(h));
    expect(byHour.slice(0, 9)).toEqual(Array(9).fill('早上好'));
    expect(byHour.slice(9, 12)).toEqual(Array(3).fill('上午好'));
    expect(byHour.slice(12, 14)).toEqual(Array(2).fill('中午好'));
    expect(byHour.slice(14, 20)).toEqual(Array(6).fill('下午好'));
    expect(byHour.slice(20)).toEqual(Array(4).fill('晚上好'));
  });
  it('accepts a Date (local hour)', () => {
    expect(greeting(new Date(2026, 0, 1, 8, 59))).toBe('早上好');
    expect(greeting(new Date(2026, 0, 1, 13, 30))).toBe('中午好');
    expect(typeof greeting()).toBe('string');
  });
});

describe('roundTo2', () => {
  it('rounds the decimal value as written', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(2.675)).toBe(2.68);
    expect(roundTo2(1.004)).toBe(1);
    expect(roundTo2(1.255)).toBe(1.26);
    expect(roundTo2(0.1 + 0.2)).toBe(0.3);
    expect(roundTo2(10)).toBe(10);
    expect(roundTo2(123456789.125)).toBe(123456789.13);
  });
  it('rounds half away from zero and never gives -0', () => {
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(-0.001)).toBe(0);
    expect(Object.is(roundTo2(-0.001), -0)).toBe(false);
  });
  it('handles exponent notation, strings and non-numbers', () => {
    expect(roundTo2(1e-7)).toBe(0);
    expect(roundTo2(1.5e-2)).toBe(0.02);
    expect(roundTo2(1e21)).toBe(1e21);
    expect(roundTo2('3.14159')).toBe(3.14);
    expect(roundTo2('')).toBeNaN();
    expect(roundTo2('abc')).toBeNaN();
    expect(roundTo2(Infinity)).toBe(Infinity);
  });
});

describe('parseProgress (spec 9: 0 on failure)', () => {
  it('parses numbers and numeric strings', () => {
    expect(parseProgress(50)).toBe(50);
    expect(parseProgress('42')).toBe(42);
    expect(parseProgress(' 42.5 ')).toBe(42.5);
    expect(parseProgress('50%')).toBe(50);
    expect(parseProgress(33.3333)).toBe(33.33);
  });
  it('gives 0 on failure and clamps to 0–100', () => {
    for (const bad of [null, undefined, '', 'abc', NaN, Infinity, {}, [], true]) expect(parseProgress(bad)).toBe(0);
    expect(parseProgress(150)).toBe(100);
    expect(parseProgress('-5')).toBe(0);
  });
});

describe('ellipsis (spec 9: default 25)', () => {
  it('cuts after 25 characters with ...', () => {
    const long = '一'.repeat(30);
    expect(ellipsisText(long)).toBe('一'.repeat(25) + '...');
    expect(ellipsisText('一'.repeat(25))).toBe('一'.repeat(25));
    expect(isEllipsed(long)).toBe(true);
    expect(isEllipsed('一'.repeat(25))).toBe(false);
  });
  it('takes a length and any value', () => {
    expect(ellipsisText('abcdef', 3)).toBe('abc...');
    expect(ellipsisText(null)).toBe('');
    expect(ellipsisText(undefined)).toBe('');
    expect(ellipsisText(12345, 2)).toBe('12...');
    expect(ellipsisText('😀😀😀', 2)).toBe('😀😀...');
    expect(isEllipsed(null)).toBe(false);
  });
});

describe('row order (drag-sort menu)', () => {
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
  it('inserts after an index', () => {
    expect(insertAfter(['a', 'b'], 0, 'x')).toEqual(['a', 'x', 'b']);
    expect(insertAfter(['a', 'b'], 1, 'x')).toEqual(['a', 'b', 'x']);
    expect(insertAfter(['a', 'b'], -1, 'x')).toEqual(['x', 'a', 'b']);
    expect(insertAfter([], 3, 'x')).toEqual(['x']);
  });
});
