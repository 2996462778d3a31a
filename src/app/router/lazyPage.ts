import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Chunk load timeout of spec 9 (120000 ms): a page chunk or its style still loading then is an error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page chunk (script or style) that failed to load or did not load within the timeout (spec 8). */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Races `promise` against a timer (spec 8 "Chunk or style load failure: error after 120 s").
 * Inputs: the loading promise, the timeout in ms. Resolves with its value; rejects with
 * ChunkLoadError(timedOut true) after `ms`, or ChunkLoadError(timedOut false) when it rejects.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`loading chunk timed out after ${ms} ms`, true)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof ChunkLoadError ? err : new ChunkLoadError(err instanceof Error ? err.message : String(err), false));
      },
    );
  });
}

/** A lazy page that can also be loaded ahead of its first render. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's chunk (once; a failed load may be tried again). Resolves when loaded. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with the spec 9 chunk timeout: the import (script and the styles Vite preloads with
 * it) must settle within 120 s, else the page's error boundary shows the failure.
 * Input: the dynamic import. Returns the lazy component with `preload()`, which starts the same
 * import ahead of the first render (used in idle time, usePagePreload.ts).
 */
export function lazyPage<P>(factory: () => Promise<{ default: ComponentType<P> }>, ms: number = CHUNK_LOAD_TIMEOUT_MS): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () =>
    (loading ??= factory().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  return Object.assign(
    lazy(() => withTimeout(load(), ms)),
    { preload: () => load() },
  );
}
