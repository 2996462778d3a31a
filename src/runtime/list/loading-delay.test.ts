import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delayedLoading, LIST_LOADING_DELAY_MS } from './loading-delay.js';

describe('list load delay (spec 9: 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the spinner only when the answer takes 500 ms or more', () => {
    let shown = 0;
    const stopFast = delayedLoading(
      () => shown++,
      () => true,
    );
    vi.advanceTimersByTime(499);
    stopFast(); // answered at 499 ms
    vi.advanceTimersByTime(1000);
    expect(shown).toBe(0);
    delayedLoading(
      () => shown++,
      () => true,
    );
    vi.advanceTimersByTime(LIST_LOADING_DELAY_MS);
    expect(shown).toBe(1);
  });

  it('a request a newer one replaced shows nothing', () => {
    let shown = 0;
    let latest = true;
    delayedLoading(
      () => shown++,
      () => latest,
    );
    latest = false;
    vi.advanceTimersByTime(600);
    expect(shown).toBe(0);
  });
});
