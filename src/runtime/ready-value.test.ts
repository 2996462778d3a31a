import { describe, expect, it } from 'vitest';
import { readyValue } from './ready-value';

describe('a value that arrives later', () => {
  it('holds a get made before the value until it is set, then answers at once', async () => {
    const ready = readyValue<string>();
    expect(ready.current).toBeUndefined();
    let got: string | undefined;
    const early = ready.get().then((v) => (got = v));
    await Promise.resolve();
    expect(got).toBeUndefined();
    ready.set('form');
    await early;
    expect(got).toBe('form');
    expect(await ready.get()).toBe('form');
  });

  it('answers the latest value after a second set', async () => {
    const ready = readyValue<number>();
    ready.set(1);
    ready.set(2);
    expect(await ready.get()).toBe(2);
    expect(ready.current).toBe(2);
  });
});
