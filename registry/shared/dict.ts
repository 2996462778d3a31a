import { message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { RequestPort, StoragePort } from '../context/RuntimeContext.js';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { dropCachedDict, isPlainDictCode, readCachedDict, writeCachedDict } from './dict-cache.js';
import { WIDGET_TEXT } from './locale.js';
import { useDebouncedSearch } from './useDebouncedSearch.js';

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

/** Spec 9: dictionary search debounce 300 ms; search-select page size 10. */
export const DICT_SEARCH_DEBOUNCE_MS = 300;
export const DICT_SEARCH_PAGE_SIZE = 10;

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

/**
 * The path segment of a dictionary code: a plain code, a table dictionary `table,text,code`, or
 * one with a filter `table,text,code,condition` (api-contract §6.1) — the condition URL-encoded
 * as JeecgBoot's client does.
 */
export function dictPath(dictCode: string): string {
  return encodeURIComponent(dictCode.trim());
}

const caches = new WeakMap<RequestPort, Map<string, Promise<DictOption[]>>>();
/** The loaded options of each code, for a synchronous first render (no loading pass). */
const loaded = new WeakMap<RequestPort, Map<string, DictOption[]>>();

/** The options of a code already loaded in this page session through `request`, else undefined. */
export function peekDictOptions(request: RequestPort, dictCode: string | undefined): DictOption[] | undefined {
  return dictCode ? loaded.get(request)?.get(dictCode.trim()) : undefined;
}

/**
 * Loads the items of a dictionary code with `GET /sys/dict/getDictItems/{dictCode}` → result
 * `[{value, text}]` (table dictionaries `table,text,code[,filter]` included). A plain code is
 * first looked up in the 7-day dictionary cache in `storage` (spec 9, registry/shared/dict-cache.ts)
 * and kept there once loaded; every code is also cached per request port for the page session
 * (a failed load is not cached). Rejects with 字典Code不能为空! for an empty code and with the
 * server's message when the answer is not a success.
 */
export function loadDictOptions(request: RequestPort, dictCode: string, storage: StoragePort): Promise<DictOption[]> {
  const code = (dictCode ?? '').trim();
  if (!code) return Promise.reject(new Error(WIDGET_TEXT.dictCodeEmpty));
  let cache = caches.get(request);
  if (!cache) caches.set(request, (cache = new Map()));
  const hit = cache.get(code);
  if (hit) return hit;
  const stored = readCachedDict(storage, code);
  const pending = stored
    ? Promise.resolve(toDictOptions(stored))
    : request.get<unknown>('/sys/dict/getDictItems/' + dictPath(code)).then((res) => {
        if (!res.success) throw new Error(res.message || code);
        const items = Array.isArray(res.result) ? (res.result as { value: string; text: string }[]) : [];
        if (isPlainDictCode(code))
          writeCachedDict(
            storage,
            code,
            toDictOptions(items).map((o) => ({ value: o.value, text: o.label })),
          );
        return toDictOptions(items);
      });
  cache.set(code, pending);
  pending.then(
    (options) => {
      let done = loaded.get(request);
      if (!done) loaded.set(request, (done = new Map()));
      done.set(code, options);
    },
    () => cache.delete(code),
  );
  return pending;
}

/** Drops cached dictionaries of a request port (all codes, or one — also from the cache in `storage`). */
export function clearDictCache(request: RequestPort, storage: StoragePort, dictCode?: string): void {
  if (dictCode) {
    caches.get(request)?.delete(dictCode);
    loaded.get(request)?.delete(dictCode);
    dropCachedDict(storage, dictCode);
  } else {
    caches.delete(request);
    loaded.delete(request);
  }
}

/**
 * The options of a dictionary code for a widget: `{ options, loading, error }`. With no
 * dictCode it loads nothing and `error` is undefined (the widget shows 字典Code不能为空!); a
 * failed load leaves the options empty with the server's message in `error` (spec 8).
 */
export function useDictOptions(dictCode: string | undefined): { options: DictOption[]; loading: boolean; error?: string } {
  const { request, storage } = useRuntimeContext();
  // options loaded earlier in the session render at once (a 200-field form renders each select once)
  const [state, setState] = useState<{ code?: string; options: DictOption[]; loading: boolean; error?: string }>(() => {
    const known = peekDictOptions(request, dictCode);
    return known ? { code: dictCode, options: known, loading: false } : { options: [], loading: false };
  });
  useEffect(() => {
    if (!dictCode) return;
    const known = peekDictOptions(request, dictCode);
    if (known) {
      setState((s) => (s.code === dictCode && s.options === known ? s : { code: dictCode, options: known, loading: false }));
      return;
    }
    let live = true;
    setState({ code: dictCode, options: [], loading: true });
    loadDictOptions(request, dictCode, storage).then(
      (options) => live && setState({ code: dictCode, options, loading: false }),
      (e: unknown) => live && setState({ code: dictCode, options: [], loading: false, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [request, storage, dictCode]);
  if (!dictCode || state.code !== dictCode) return { options: [], loading: !!dictCode };
  return state;
}

/**
 * Searches a table dictionary: GET /sys/dict/loadDict/{dictCode} `{keyword, pageSize}` →
 * `[{value, text}]` (api-contract §6.2). Rejects with 字典Code不能为空! for an empty code and
 * with the server's message on failure.
 */
export async function searchDict(
  request: RequestPort,
  dictCode: string,
  keyword: string,
  pageSize = DICT_SEARCH_PAGE_SIZE,
): Promise<DictOption[]> {
  if (!dictCode?.trim()) throw new Error(WIDGET_TEXT.dictCodeEmpty);
  const res = await request.get<unknown>('/sys/dict/loadDict/' + dictPath(dictCode), { keyword, pageSize });
  if (!res.success) throw new Error(res.message);
  return toDictOptions(res.result);
}

/**
 * The dictionary search of selects and table cells (spec 9: debounced 300 ms; spec 8: a failed
 * search shows the server message as a warning and leaves no options). Stale replies are
 * ignored. Returns `{ options, loading, keyword, search }`.
 */
export function useDictSearch(dictCode: string | undefined, delay = DICT_SEARCH_DEBOUNCE_MS) {
  const { request } = useRuntimeContext();
  const fetcher = useCallback(
    (kw: string) => (dictCode ? searchDict(request, dictCode, kw) : Promise.resolve<DictOption[]>([])),
    [request, dictCode],
  );
  return useDebouncedSearch<DictOption>(fetcher, delay, (e) => void message.warning(e instanceof Error ? e.message : String(e)));
}

/** Labels of stored values from options (unknown values are shown raw, spec 5.6). */
export function labelsOf(values: readonly string[], options: readonly DictOption[]): string[] {
  const byValue = new Map(options.map((o) => [o.value, o.label]));
  return values.map((v) => byValue.get(v) ?? v);
}
