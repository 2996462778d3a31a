/** Spec 9 "List load delay": a list request shows its spinner only once it took 500 ms. */
export const LIST_LOADING_DELAY_MS = 500;

/**
 * Starts the delayed spinner of one list request: `show()` runs after `ms` milliseconds unless
 * the returned stop function ran first (the answer came) or `isLatest()` is false by then (a
 * newer request took over, and shows its own). Returns the stop function.
 */
export function delayedLoading(show: () => void, isLatest: () => boolean, ms: number = LIST_LOADING_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    if (isLatest()) show();
  }, ms);
  return () => clearTimeout(timer);
}
