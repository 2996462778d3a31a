import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('concurrencyLimit', () => {
  it('lets at most `limit` calls work at once and the others in arrival order', async () => {
    const run = concurrencyLimit(2);
    let now = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        run(async () => {
          started.push(i);
          peak = Math.max(peak, ++now);
          await tick(5);
          now--;
          return i * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('passes a rejection on and frees the slot; a limit under 1 counts as 1', async () => {
    const run = concurrencyLimit(0);
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let now = 0;
    let peak = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        run(async () => {
          peak = Math.max(peak, ++now);
          await tick(2);
          now--;
        }),
      ),
    );
    expect(peak).toBe(1);
  });
});
