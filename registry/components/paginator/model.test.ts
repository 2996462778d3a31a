import { describe, expect, it } from 'vitest';
import { PAGINATOR_DEFAULTS, clampPage, lastPage, paginatorTotalText } from './model.js';

describe('paginator (spec 9)', () => {
  it('defaults to page 1 of a total of 100, sizes 10/20/30', () => {
    expect(PAGINATOR_DEFAULTS.current).toBe(1);
    expect(PAGINATOR_DEFAULTS.total).toBe(100);
    expect([...PAGINATOR_DEFAULTS.pageSizeOptions]).toEqual(['10', '20', '30']);
    expect(paginatorTotalText(100, [1, 10])).toBe('1-10 共100条');
  });
  it('computes and clamps pages', () => {
    expect(lastPage(100, 10)).toBe(10);
    expect(lastPage(101, 10)).toBe(11);
    expect(lastPage(0, 10)).toBe(1);
    expect(clampPage(12, 100, 10)).toBe(10);
    expect(clampPage(0, 100, 10)).toBe(1);
    expect(clampPage(NaN, 100, 10)).toBe(1);
    expect(clampPage(3, 100, 20)).toBe(3);
  });
});
