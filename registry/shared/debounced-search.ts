/** State of a remote search: the latest options, pending/loading flag and the keyword searched. */
export interface SearchState<T> {
  options: T[];
  loading: boolean;
  keyword: string;
}

export interface DebouncedSearch {
  /** Starts a search `delay` ms after the last call. */
  search(keyword: string): void;
  /** Cancels the pending search and ignores replies still on their way. */
  cancel(): void;
}

/**
 * Headless debounced search (spec 9: search-select debounce 800 ms, dictionary search 300 ms):
 * `search(keyword)` reports `{loading: true}` at once, runs `fetcher` `delay` ms after the last
 * call, and reports the options; a reply that arrives after a newer search started (or after
 * cancel) is ignored; a failed fetch reports no options and passes the error to `onError`
 * (spec 8: dictionary search failures are shown as warnings).
 */
export function createDebouncedSearch<T>(
  fetcher: (keyword: string) => Promise<T[]>,
  delay: number,
  onState: (state: SearchState<T>) => void,
  onError?: (error: unknown) => void,
): DebouncedSearch {
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let options: T[] = [];
  return {
    search(keyword) {
      clearTimeout(timer);
      const id = ++seq;
      onState({ options, loading: true, keyword });
      timer = setTimeout(() => {
        fetcher(keyword).then(
          (found) => {
            if (id !== seq) return;
            options = found;
            onState({ options, loading: false, keyword });
          },
          (error: unknown) => {
            if (id !== seq) return;
            options = [];
            onState({ options, loading: false, keyword });
            onError?.(error);
          },
        );
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
      seq++;
    },
  };
}
