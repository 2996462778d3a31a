/**
 * Pages that ask before their tab is closed (unsaved changes, spec 2.4 tab strip), by tab key
 * (the page's pathname). A guarded page registers its question with {@link guardTab}; the tab
 * strip closes tabs through {@link askBeforeClosing}. A key whose question was answered 确定 is
 * released: the navigation that follows the close does not ask again ({@link isReleased}).
 */
type Ask = (leave: () => void) => void;

const guards = new Map<string, Ask>();
const released = new Set<string>();

/** Registers `ask` for the tab `key`; returns the unregister function. */
export function guardTab(key: string, ask: Ask): () => void {
  guards.set(key, ask);
  released.delete(key);
  return () => {
    if (guards.get(key) === ask) guards.delete(key);
    released.delete(key);
  };
}

/** Whether the tab `key` was let go by its page's question (its close goes on without asking again). */
export function isReleased(key: string): boolean {
  return released.has(key);
}

/**
 * Runs `close` when none of the tabs `keys` is guarded; else asks each guarded page in turn and
 * runs `close` once all agreed (nothing happens when one says 取消).
 */
export function askBeforeClosing(keys: readonly string[], close: () => void): void {
  const asking = keys.filter((k) => guards.has(k));
  const next = (i: number): void => {
    if (i >= asking.length) return close();
    const key = asking[i];
    guards.get(key)!(() => {
      released.add(key);
      next(i + 1);
    });
  };
  next(0);
}
