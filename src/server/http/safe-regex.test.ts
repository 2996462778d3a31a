import { describe, expect, it } from 'vitest';
import { guardedPattern, REGEX_TIMEOUT_TEXT } from './safe-regex.js';

// ~2^22 steps of backtracking: tens of ms, far past 1 ms, far below 5 s
const SLOW = '^(a|aa)+$';
const slowText = `${'a'.repeat(30)}b`;

describe('guardedPattern', () => {
  it('answers a pattern held past the first limit (a starved CPU) from its second try, and keeps testing it', () => {
    const p = guardedPattern(SLOW, '', { first: 1, retry: 5_000 });
    expect(p.test(slowText)).toBe(false);
    expect(p.test('aaaa')).toBe(true);
  });

  it('refuses a pattern past both limits, then at once on every later use', () => {
    const p = guardedPattern(`${SLOW}x`, '', { first: 1, retry: 2 });
    expect(() => p.test(`${'a'.repeat(40)}b`)).toThrow(REGEX_TIMEOUT_TEXT);
    const t0 = Date.now();
    expect(() => p.test('aaaa')).toThrow(REGEX_TIMEOUT_TEXT);
    expect(Date.now() - t0).toBeLessThan(50);
  });
});
