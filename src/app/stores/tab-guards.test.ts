import { describe, expect, it, vi } from 'vitest';
import { askBeforeClosing, guardTab, isReleased } from './tab-guards';

describe('tab guards', () => {
  it('closes at once without a guard; asks each guarded tab in turn and closes only when all agree', () => {
    const close = vi.fn();
    askBeforeClosing(['/a'], close);
    expect(close).toHaveBeenCalledTimes(1);

    const answers: (() => void)[] = [];
    const offB = guardTab('/b', (leave) => answers.push(leave));
    const offC = guardTab('/c', (leave) => answers.push(leave));
    const close2 = vi.fn();
    askBeforeClosing(['/a', '/b', '/c'], close2);
    expect(answers).toHaveLength(1); // /b asked first, /c waits for its answer
    answers[0]();
    expect(isReleased('/b')).toBe(true);
    expect(answers).toHaveLength(2);
    expect(close2).not.toHaveBeenCalled();
    answers[1]();
    expect(close2).toHaveBeenCalledTimes(1);
    offB();
    offC();
    expect(isReleased('/b')).toBe(false);
  });

  it('closes nothing when a page says 取消 (its leave is never called)', () => {
    const off = guardTab('/d', () => undefined);
    const close = vi.fn();
    askBeforeClosing(['/d'], close);
    expect(close).not.toHaveBeenCalled();
    expect(isReleased('/d')).toBe(false);
    off();
    askBeforeClosing(['/d'], close);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
