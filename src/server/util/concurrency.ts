/**
 * A gate letting at most `limit` (≥ 1) calls of `run` work at once; the others wait in arrival
 * order. `run(fn)` resolves or rejects as `fn` does; a slot passes straight to the next waiter.
 */
export function concurrencyLimit(limit: number): <T>(fn: () => Promise<T>) => Promise<T> {
  const max = Math.max(1, Math.trunc(limit));
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async (fn) => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      release();
    }
  };
}
