import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, withTimeout } from './lazyPage';

afterEach(() => vi.useRealTimers());

describe('chunk loading (spec 8, 9: error after 120 s)', () => {
  it('the timeout is 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('a chunk still loading after 120 s rejects with a timed-out ChunkLoadError, not before', async () => {
    vi.useFakeTimers();
    const outcome = withTimeout(new Promise<never>(() => undefined)).catch((e: unknown) => e);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).timedOut).toBe(true);
  });

  it('a chunk that fails to load rejects at once, a loaded one resolves', async () => {
    const failed = await withTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ChunkLoadError);
    expect((failed as ChunkLoadError).timedOut).toBe(false);
    expect((failed as Error).message).toContain('Failed to fetch');
    await expect(withTimeout(Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});

describe('preloading a lazy page', () => {
  it('preload starts the import once and the page reuses it; a failed load is tried again', async () => {
    const Page = () => null;
    const factory = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const lazyOne = lazyPage(factory);
    await expect(lazyOne.preload()).rejects.toThrow('offline');
    await expect(lazyOne.preload()).resolves.toEqual({ default: Page });
    await lazyOne.preload();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
