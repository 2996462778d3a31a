/** The browser's local storage, or a throw-away in-memory one where there is none (server rendering, tests). */
export function listStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  if (typeof localStorage !== 'undefined') return localStorage;
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** The current route path ('' without a browser). */
export function routePath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}
