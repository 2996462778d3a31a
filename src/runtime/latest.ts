/**
 * A guard for requests whose answers replace each other (a list reloaded on every page, search or
 * save; a tree refetched): each `run(fetch, apply)` starts `fetch()`, and its answer reaches
 * `apply` only when no later `run` started meanwhile and the guard was not cancelled — so a late
 * answer for an old query never overwrites a newer one, and nothing is applied after unmount.
 * A rejected fetch goes to `onError` (for the request port the shell has already shown the
 * failure, so the default ignores it): never an unhandled rejection. Headless.
 */
export interface LatestGuard {
  /**
   * Starts `fetch` and applies its value if it is still the latest call. Resolves true when
   * applied, false when superseded, cancelled or failed; never rejects (an error thrown by
   * `apply` goes to `onError` too).
   */
  run<T>(fetch: () => Promise<T>, apply: (value: T) => void): Promise<boolean>;
  /** Whether a call started by `run` has not settled yet and is still the latest. */
  readonly pending: boolean;
  /** Drops every answer still on its way (unmount, a closed dialog). */
  cancel(): void;
}

/** A new guard; `onError` receives a failed fetch's error (default: ignored). */
export function latestGuard(onError: (error: unknown) => void = () => {}): LatestGuard {
  let seq = 0;
  let pendingSeq = -1;
  return {
    async run<T>(fetch: () => Promise<T>, apply: (value: T) => void): Promise<boolean> {
      const mine = ++seq;
      pendingSeq = mine;
      try {
        const value = await fetch();
        if (mine !== seq) return false;
        apply(value);
        return true;
      } catch (error) {
        if (mine === seq) onError(error);
        return false;
      } finally {
        if (pendingSeq === mine) pendingSeq = -1;
      }
    },
    get pending() {
      return pendingSeq !== -1 && pendingSeq === seq;
    },
    cancel() {
      seq++;
      pendingSeq = -1;
    },
  };
}
