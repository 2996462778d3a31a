import { describe, expect, it } from 'vitest';
import { latestGuard } from './latest.js';

/** A promise with its resolve and reject, to settle answers in any order. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latestGuard: a late answer for an old query never overwrites a newer one', () => {
  it('applies the newer answer and drops the older one that arrives after it', async () => {
    const guard = latestGuard();
    const shown: string[] = [];
    const page1 = deferred<string>();
    const page2 = deferred<string>();
    const first = guard.run(
      () => page1.promise,
      (v) => shown.push(v),
    );
    const second = guard.run(
      () => page2.promise,
      (v) => shown.push(v),
    );
    page2.resolve('page 2');
    expect(await second).toBe(true);
    page1.resolve('page 1');
    expect(await first).toBe(false);
    expect(shown).toEqual(['page 2']);
  });

  it('applies nothing after cancel (unmount)', async () => {
    const guard = latestGuard();
    const shown: string[] = [];
    const answer = deferred<string>();
    const call = guard.run(
      () => answer.promise,
      (v) => shown.push(v),
    );
    expect(guard.pending).toBe(true);
    guard.cancel();
    expect(guard.pending).toBe(false);
    answer.resolve('late');
    expect(await call).toBe(false);
    expect(shown).toEqual([]);
  });

  it('hands a failed fetch to onError instead of rejecting, and only for the latest call', async () => {
    const errors: unknown[] = [];
    const guard = latestGuard((e) => errors.push(e));
    const old = deferred<string>();
    const first = guard.run(
      () => old.promise,
      () => {},
    );
    const second = guard.run(
      () => Promise.reject(new Error('network')),
      () => {},
    );
    expect(await second).toBe(false);
    old.reject(new Error('stale'));
    expect(await first).toBe(false);
    expect(errors.map((e) => (e as Error).message)).toEqual(['network']);
    expect(guard.pending).toBe(false);
  });

  it('ignores a failure by default: no unhandled rejection', async () => {
    const guard = latestGuard();
    await expect(
      guard.run(
        () => Promise.reject(new Error('x')),
        () => {},
      ),
    ).resolves.toBe(false);
  });
});
