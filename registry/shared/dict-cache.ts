/**
 * The browser's dictionary cache (spec 9: dictionary cache 7 days; spec 3 "Browser storage
 * keys": cached dictionary data). It is the same `pro__UI_CACHE_DB_DICT_DATA` entry the login
 * fills with `sysAllDictItems` (src/app/stores/session.ts), so logout clears both, and a widget
 * that loads a plain dictionary the login did not bring adds it there without extending the
 * entry's lifetime. Table dictionaries (`table,text,code`) follow the data and are not kept.
 */
import { DEFAULT_EXPIRE_MS, DICT_CACHE, STORAGE_PREFIX, getItem, setItem } from '../../src/app/utils/storage.js';

/** A cached item as the server sends it (api-contract §5.5 DictModel). */
export interface CachedDictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

/** Whether a dictionary code is a plain code (cacheable) rather than a table dictionary. */
export function isPlainDictCode(dictCode: string): boolean {
  return !!dictCode && !dictCode.includes(',');
}

/** The cached items of a plain code, or undefined when absent or expired. */
export function readCachedDict(dictCode: string): CachedDictItem[] | undefined {
  if (!isPlainDictCode(dictCode)) return undefined;
  const all = getItem<Record<string, CachedDictItem[]>>(DICT_CACHE);
  const hit = all?.[dictCode];
  return Array.isArray(hit) ? hit : undefined;
}

/** Remaining lifetime (ms) of the cache entry; a new entry lives 7 days. */
function remainingMs(): number {
  try {
    const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(STORAGE_PREFIX + DICT_CACHE);
    const expire = raw ? (JSON.parse(raw) as { expire?: number | null }).expire : undefined;
    if (typeof expire === 'number') return Math.max(expire - Date.now(), 0);
  } catch {
    /* unreadable: start a new entry */
  }
  return DEFAULT_EXPIRE_MS;
}

/** Adds the items of a plain code to the cache (no-op for table dictionaries or without storage). */
export function writeCachedDict(dictCode: string, items: readonly CachedDictItem[]): void {
  if (!isPlainDictCode(dictCode)) return;
  const all = getItem<Record<string, CachedDictItem[]>>(DICT_CACHE) ?? {};
  const ms = remainingMs();
  if (ms <= 0) return;
  setItem(DICT_CACHE, { ...all, [dictCode]: items.map((i) => ({ value: i.value, text: i.text })) }, ms);
}

/** Drops one code from the cache (after the dictionary changed). */
export function dropCachedDict(dictCode: string): void {
  const all = getItem<Record<string, CachedDictItem[]>>(DICT_CACHE);
  if (!all || !(dictCode in all)) return;
  const rest = { ...all };
  delete rest[dictCode];
  setItem(DICT_CACHE, rest, remainingMs());
}
