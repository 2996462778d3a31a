import { useEffect, useRef, useState } from 'react';
import { createDebouncedSearch, type DebouncedSearch, type SearchState } from './debounced-search.js';

/**
 * React binding of {@link createDebouncedSearch}: `{ options, loading, keyword, search }`.
 * The latest `fetcher` and `onError` are always used; pending work is cancelled on unmount.
 */
export function useDebouncedSearch<T>(
  fetcher: (keyword: string) => Promise<T[]>,
  delay: number,
  onError?: (error: unknown) => void,
): SearchState<T> & { search: (keyword: string) => void } {
  const [state, setState] = useState<SearchState<T>>({ options: [], loading: false, keyword: '' });
  const fetcherRef = useRef(fetcher);
  const errorRef = useRef(onError);
  const searchRef = useRef<DebouncedSearch | null>(null);
  useEffect(() => {
    fetcherRef.current = fetcher;
    errorRef.current = onError;
  }, [fetcher, onError]);
  useEffect(() => {
    const s = createDebouncedSearch<T>(
      (kw) => fetcherRef.current(kw),
      delay,
      setState,
      (e) => errorRef.current?.(e),
    );
    searchRef.current = s;
    return () => s.cancel();
  }, [delay]);
  return { ...state, search: (keyword: string) => searchRef.current?.search(keyword) };
}
