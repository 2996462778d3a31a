/**
 * The browser's dictionary cache (spec 9: dictionary cache 7 days; spec 3 "Browser storage
 * keys": cached dictionary data). It is the same `pro__UI_CACHE_DB_DICT_DATA` entry the login
 * fills with `sysAllDictItems` (src/app/stores/session.ts), so logout clears both, and a widget
 * that loads a plain dictionary the login did not bring adds it there without extending the
 * entry's lifetime. Table dictionaries (`table,text,code`) follow the data and are not kept.
 * Every function takes the storage port of the runtime context (the shell's localStorage).
 */
import type { StoragePort } from '../../src/runtime/ports.js';
import { DEFAULT_EXPIRE_MS, DICT_CACHE, entryExpiry, readEntry, writeEntry } from '../../src/runtime/storage.js';

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

/** The cached items of a plain code in `storage`, or undefined when absent or expired. */
export function readCachedDict(storage: StoragePort, dictCode: string): CachedDictItem[] | undefined {
  if (!isPlainDictCode(dictCode)) return undefined;
  const all = readEntry<Record<string, CachedDictItem[]>>(storage, DICT_CACHE);
  const hit = all?.[dictCode];
  return Array.isArray(hit) ? hit : undefined;
}

/** Remaining lifetime (ms) of the cache entry; a new entry lives 7 days. */
function remainingMs(storage: StoragePort): number {
  const expire = entryExpiry(storage, DICT_CACHE);
  return typeof expire === 'number' ? Math.max(expire - Date.now(), 0) : DEFAULT_EXPIRE_MS;
}

/** Adds the items of a plain code to the cache in `storage` (no-op for table dictionaries). */
export function writeCachedDict(storage: StoragePort, dictCode: string, items: readonly CachedDictItem[]): void {
  if (!isPlainDictCode(dictCode)) return;
  const all = readEntry<Record<string, CachedDictItem[]>>(storage, DICT_CACHE) ?? {};
  const ms = remainingMs(storage);
  if (ms <= 0) return;
  writeEntry(storage, DICT_CACHE, { ...all, [dictCode]: items.map((i) => ({ value: i.value, text: i.text })) }, ms);
}

/** Drops one code from the cache in `storage` (after the dictionary changed). */
export function dropCachedDict(storage: StoragePort, dictCode: string): void {
  const all = readEntry<Record<string, CachedDictItem[]>>(storage, DICT_CACHE);
  if (!all || !(dictCode in all)) return;
  const rest = { ...all };
  delete rest[dictCode];
  writeEntry(storage, DICT_CACHE, rest, remainingMs(storage));
}
