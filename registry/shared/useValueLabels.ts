import { useEffect, useState } from 'react';
import type { RequestPort } from '../context/RuntimeContext.js';
import { useRuntimeContext } from '../context/RuntimeContext.js';

type LabelCache = Map<string, string>;
const caches = new WeakMap<RequestPort, Map<string, LabelCache>>();

function cacheOf(request: RequestPort, namespace: string): LabelCache {
  let byNs = caches.get(request);
  if (!byNs) caches.set(request, (byNs = new Map()));
  let c = byNs.get(namespace);
  if (!c) byNs.set(namespace, (c = new Map()));
  return c;
}

/**
 * Labels of stored keys for pickers (users, table dictionaries): keys without a known label are
 * fetched once with `fetchLabels(missing)` → `{ key: label }`, cached per request port and
 * `namespace` for the page session. Returns `labelOf(key)` (the key itself until known, and
 * for keys the server does not know) and `remember(key, label)` for labels learned from a
 * search result.
 */
export function useValueLabels(
  namespace: string,
  keys: readonly string[],
  fetchLabels: (request: RequestPort, missing: string[]) => Promise<Record<string, string>>,
): { labelOf: (key: string) => string; remember: (key: string, label: string) => void } {
  const { request } = useRuntimeContext();
  const cache = cacheOf(request, namespace);
  const [, setVersion] = useState(0);
  const joined = keys.join(',');
  useEffect(() => {
    const missing = joined.split(',').filter((k) => k !== '' && !cache.has(k));
    if (!missing.length) return;
    let live = true;
    fetchLabels(request, missing).then(
      (found) => {
        for (const k of missing) cache.set(k, found[k] ?? k);
        if (live) setVersion((v) => v + 1);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // fetchLabels is a module-level function per widget; the cache is derived from request+namespace.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, namespace, joined]);
  return {
    labelOf: (key) => cache.get(key) ?? key,
    remember: (key, label) => {
      cache.set(key, label);
    },
  };
}
