import { describe, expect, it } from 'vitest';
import { createRng } from './random.js';

describe('createRng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    const seqB = Array.from({ length: 20 }, () => b.next());
    const seqC = Array.from({ length: 20 }, () => c.next());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
    expect(Array.from({ length: 5 }, createRng('x').next)).toEqual(Array.from({ length: 5 }, createRng('x').next));
  });

  it('keeps next() in [0, 1) and int() within its inclusive bounds', () => {
    const rng = createRng('bounds');
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const f = rng.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const n = rng.int(3, 7);
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('rounds float() to the requested decimals', () => {
    const rng = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const v = rng.float(10, 20);
      expect(v).toBeGreaterThanOrEqual(10);
      expect(v).toBeLessThanOrEqual(20);
      expect(String(v)).toMatch(/^\d+(\.\d{1,2})?$/);
    }
    expect(String(rng.float(0, 1, 0))).toMatch(/^[01]$/);
  });

  it('picks, samples and shuffles without losing elements', () => {
    const rng = createRng(7);
    const arr = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(arr).toContain(rng.pick(arr));
    const shuffled = rng.shuffle(arr);
    expect([...shuffled].sort()).toEqual(arr);
    expect(arr).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const sample = rng.sample(arr, 3);
    expect(new Set(sample).size).toBe(3);
    expect(() => rng.pick([])).toThrow();
  });

  it('follows the weights and probabilities roughly', () => {
    const rng = createRng('weights');
    let a = 0;
    let yes = 0;
    for (let i = 0; i < 10_000; i++) {
      if (
        rng.weighted([
          ['a', 3],
          ['b', 1],
        ] as const) === 'a'
      )
        a++;
      if (rng.chance(0.2)) yes++;
    }
    expect(a / 10_000).toBeGreaterThan(0.72);
    expect(a / 10_000).toBeLessThan(0.78);
    expect(yes / 10_000).toBeGreaterThan(0.17);
    expect(yes / 10_000).toBeLessThan(0.23);
    expect(() => rng.weighted([['x', 0]] as const)).toThrow();
  });

  it('makes digit strings and dates in range', () => {
    const rng = createRng(99);
    expect(rng.digits(19)).toMatch(/^\d{19}$/);
    const from = new Date(2025, 0, 1);
    const to = new Date(2025, 11, 31);
    for (let i = 0; i < 200; i++) {
      const d = rng.dateBetween(from, to).getTime();
      expect(d).toBeGreaterThanOrEqual(from.getTime());
      expect(d).toBeLessThanOrEqual(to.getTime());
      const before = rng.daysBefore(to, 1, 30).getTime();
      expect(to.getTime() - before).toBeGreaterThanOrEqual(86_400_000);
      expect(to.getTime() - before).toBeLessThanOrEqual(30 * 86_400_000);
      const after = rng.daysAfter(from, 2, 3).getTime();
      expect(after - from.getTime()).toBeGreaterThanOrEqual(2 * 86_400_000);
      expect(after - from.getTime()).toBeLessThanOrEqual(3 * 86_400_000);
    }
  });
});
