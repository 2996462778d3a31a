import { describe, expect, it } from 'vitest';
import { evaluate, exprProblem, identifiers, roundTo, rowScope } from './expr.js';
import { rmbUpper } from './rmb.js';

const ev = (src: string, row: Record<string, unknown> = {}) => evaluate(src, rowScope(row, {}, '2026-06-15'));

describe('expression language', () => {
  it('computes arithmetic with precedence and reads numeric text', () => {
    expect(ev('quantity * unitPrice + 1', { quantity: '3', unitPrice: 2.5 })).toBe(8.5);
    expect(ev('round(total / (1 + taxRate / 100), 2)', { total: 1090, taxRate: '9' })).toBe(1000);
    expect(ev('(a - b) * -2', { a: 5, b: 7 })).toBe(4);
    expect(ev('10 % 4')).toBe(2);
  });

  it('propagates null through arithmetic, nz turns it into 0, division by zero is null', () => {
    expect(ev('a + b', { a: 1 })).toBeNull();
    expect(ev('nz(a) + nz(b) + 1', { a: 1 })).toBe(2);
    expect(ev('a / b', { a: 1, b: 0 })).toBeNull();
  });

  it('compares numbers numerically, text and dates as text, and null as unknown', () => {
    expect(ev('endDate >= startDate', { startDate: '2026-01-31', endDate: '2026-02-01' })).toBe(true);
    expect(ev('a < b', { a: '9', b: '10' })).toBe(true);
    expect(ev('a < b', { a: null, b: 1 })).toBeNull();
    expect(ev("s == '1'", { s: '1' })).toBe(true);
    expect(ev('x == null', {})).toBe(true);
  });

  it('uses three-valued logic and takes the else branch for a null condition', () => {
    expect(ev('a > 1 && b > 1', { a: 0 })).toBe(false);
    expect(ev('a > 1 || b > 1', { a: 2 })).toBe(true);
    expect(ev('a > 1 && b > 1', { a: 2 })).toBeNull();
    expect(ev("x >= 90 ? 'A' : x >= 80 ? 'B' : 'C'", { x: 85 })).toBe('B');
    expect(ev("x ? 'y' : 'n'", {})).toBe('n');
  });

  it('offers the listed functions and nothing else', () => {
    expect(ev('min(a, b, c)', { a: 3, b: null, c: 2 })).toBe(2);
    expect(ev('items(s)', { s: '1,2,3' })).toBe(3);
    expect(ev('days(a, b)', { a: '2026-06-01', b: '2026-06-15' })).toBe(14);
    expect(ev('today()')).toBe('2026-06-15');
    expect(ev('rmb(x)', { x: 12345.67 })).toBe('壹万贰仟叁佰肆拾伍元陆角柒分');
    expect(exprProblem('constructor(1)')).toMatch(/不存在/);
    expect(exprProblem('a.b')).toMatch(/无法解析/);
    expect(exprProblem('a +')).toMatch(/不完整/);
    expect(exprProblem("a == 'x' ? 1 : 2")).toBeNull();
  });

  it('lists the names an expression reads', () => {
    expect(identifiers('round(a * b, 2) + nz(c) > d ? e : 0').sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('reads snake_case columns for camelCase names', () => {
    expect(ev('unitPrice', { unit_price: 3 })).toBe(3);
  });

  it('rounds half away from zero without float surprises', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.675, 2)).toBe(-2.68);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(-0.001, 2)).toBe(0);
  });
});

describe('rmbUpper', () => {
  it('writes amounts as on Chinese vouchers', () => {
    expect(rmbUpper(0)).toBe('零元整');
    expect(rmbUpper(100)).toBe('壹佰元整');
    expect(rmbUpper(1.05)).toBe('壹元零伍分');
    expect(rmbUpper(0.5)).toBe('伍角整');
    expect(rmbUpper(10010)).toBe('壹万零壹拾元整');
    expect(rmbUpper(100000000)).toBe('壹亿元整');
    expect(rmbUpper(1000000.2)).toBe('壹佰万元贰角整');
    expect(rmbUpper(205000.08)).toBe('贰拾万伍仟元零捌分');
    expect(rmbUpper(-3)).toBe('负叁元整');
  });
});
