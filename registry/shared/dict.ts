import { useEffect, useState } from 'react';
import type { RequestPort } from '../../renderers/context/RuntimeContext.js';
import { useRuntimeContext } from '../../renderers/context/RuntimeContext.js';

/** A dictionary option (spec 3 "Dictionary item/option"). */
export interface DictOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface RawDictItem {
  value?: unknown;
  text?: string;
  label?: string;
  title?: string;
  disabled?: boolean;
}

/** Normalises the items of /sys/dict/getDictItems and /sys/dict/loadDict ({value, text}). */
export function toDictOptions(items: unknown): DictOption[] {
  if (!Array.isArray(items)) return [];
  return (items as RawDictItem[])
    .filter((it) => it && it.value !== undefined && it.value !== null)
    .map((it) => ({
      value: String(it.value),
      label: String(it.text ?? it.label ?? it.title ?? it.value),
      ...(it.disabled ? { disabled: true } : {}),
    }));
}

const caches = new WeakMap<RequestPort, Map<string, Promise<DictOption[]>>>();

/**
 * Loads the items of a dictionary code with `GET /sys/dict/getDictItems/{dictCode}` → result
 * `[{value, text}]`, cached per request port and code for the page session (a failed load is
 * not cached). Rejects with the server's message when the answer is not a success.
 */
export function loadDictOptions(request: RequestPort, dictCode: string): Promise<DictOption[]> {
  let cache = caches.get(request);
  if (!cache) caches.set(request, (cache = new Map()));
  const hit = cache.get(dictCode);
  if (hit) return hit;
  const pending = request.get<unknown>('/sys/dict/getDictItems/' + encodeURIComponent(dictCode)).then((res) => {
    if (!res.success) throw new Error(res.message || dictCode);
    return toDictOptions(res.result);
  });
  cache.set(dictCode, pending);
  pending.catch(() => cache.delete(dictCode));
  return pending;
}

/** Drops cached dictionaries of a request port (all codes, or one). */
export function clearDictCache(request: RequestPort, dictCode?: string): void {
  if (dictCode) caches.get(request)?.delete(dictCode);
  else caches.delete(request);
}

/**
 * The options of a dictionary code for a widget: `{ options, loading, error }`. With no
 * dictCode it loads nothing and `error` is undefined (the widget shows 字典Code不能为空!).
 */
export function useDictOptions(dictCode: string | undefined): { options: DictOption[]; loading: boolean; error?: string } {
  const { request } = useRuntimeContext();
  const [state, setState] = useState<{ code?: string; options: DictOption[]; loading: boolean; error?: string }>({
    options: [],
    loading: false,
  });
  useEffect(() => {
    if (!dictCode) return;
    let live = true;
    setState({ code: dictCode, options: [], loading: true });
    loadDictOptions(request, dictCode).then(
      (options) => live && setState({ code: dictCode, options, loading: false }),
      (e: unknown) => live && setState({ code: dictCode, options: [], loading: false, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [request, dictCode]);
  if (!dictCode || state.code !== dictCode) return { options: [], loading: !!dictCode };
  return state;
}

/** Labels of stored values from options (unknown values are shown raw, spec 5.6). */
export function labelsOf(values: readonly string[], options: readonly DictOption[]): string[] {
  const byValue = new Map(options.map((o) => [o.value, o.label]));
  return values.map((v) => byValue.get(v) ?? v);
}
