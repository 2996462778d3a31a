/**
 * Stored entries over a {@link StoragePort} (spec 3 "Browser storage keys", spec 9, api-contract
 * §3.1): the vue-ls layout of the original client — key `pro__<name>`, value JSON
 * `{"value": …, "expire": <epoch ms> | null}`; expired entries read as null. The shell's storage
 * helpers (src/app/utils/storage.ts) and the widgets' caches (dictionary cache, add-row settings)
 * all read and write through these functions, so there is one layout.
 */
import type { StoragePort } from './ports.js';

/** Namespace prefix of every entry key (spec 9). */
export const STORAGE_PREFIX = 'pro__';
/** Default lifetime of session data: 7 days in ms (spec 9). */
export const DEFAULT_EXPIRE_MS = 604_800_000;
/** The entry of the cached dictionaries (login's sysAllDictItems plus codes loaded later). */
export const DICT_CACHE = 'UI_CACHE_DB_DICT_DATA';

interface Stored<T> {
  value: T;
  expire: number | null;
}

/** A storage port keeping its data in a Map (tests, server rendering, a browser without storage). */
export function memoryStorage(): StoragePort {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}

/**
 * Stores `value` under `pro__<key>`.
 * Inputs: the port; key without prefix; any JSON-serialisable value; lifetime in ms (default 7
 * days, null = never expires). Returns nothing; storage quota errors are swallowed.
 */
export function writeEntry<T>(port: StoragePort, key: string, value: T, expireMs: number | null = DEFAULT_EXPIRE_MS): void {
  const entry: Stored<T> = { value, expire: expireMs === null ? null : Date.now() + expireMs };
  try {
    port.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
  } catch {
    /* quota exceeded or storage disabled: keep running in memory */
  }
}

/** The raw entry of `pro__<key>`, or null when absent or not in the layout. */
function rawEntry<T>(port: StoragePort, key: string): Stored<T> | null {
  let raw: string | null;
  try {
    raw = port.getItem(STORAGE_PREFIX + key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const entry = JSON.parse(raw) as Stored<T>;
    return entry && typeof entry === 'object' && 'value' in entry ? entry : null;
  } catch {
    return null; // not ours: ignore
  }
}

/**
 * Reads `pro__<key>`. Returns the stored value, or `fallback` (default null) when absent,
 * unparsable or expired (an expired entry is removed).
 */
export function readEntry<T>(port: StoragePort, key: string, fallback: T | null = null): T | null {
  const entry = rawEntry<T>(port, key);
  if (!entry) return fallback;
  if (entry.expire !== null && entry.expire !== undefined && entry.expire < Date.now()) {
    removeEntry(port, key);
    return fallback;
  }
  return entry.value ?? fallback;
}

/** The expiry (epoch ms) of `pro__<key>`: null when it never expires, undefined when absent. */
export function entryExpiry(port: StoragePort, key: string): number | null | undefined {
  const entry = rawEntry(port, key);
  if (!entry) return undefined;
  return typeof entry.expire === 'number' ? entry.expire : null;
}

/** Removes `pro__<key>`. Input: key without prefix. */
export function removeEntry(port: StoragePort, key: string): void {
  try {
    port.removeItem(STORAGE_PREFIX + key);
  } catch {
    /* storage disabled */
  }
}
