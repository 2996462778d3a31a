/**
 * Browser storage of the shell (spec 3 "Browser storage keys", spec 9, api-contract §3.1).
 * localStorage entries use the vue-ls layout of the original client (src/runtime/storage.ts:
 * key `pro__<name>`, value JSON `{"value": …, "expire": <epoch ms> | null}`; expired entries read
 * as null); {@link browserStorage} is the storage port the shell hands to the runtime context.
 * The two button-permission lists live in sessionStorage as plain JSON under their own keys.
 */
import type { StoragePort } from '../../runtime/ports';
import { DEFAULT_EXPIRE_MS, DICT_CACHE, STORAGE_PREFIX, memoryStorage, readEntry, removeEntry, writeEntry } from '../../runtime/storage';

export { DEFAULT_EXPIRE_MS, DICT_CACHE, STORAGE_PREFIX };

export const ACCESS_TOKEN = 'Access-Token';
export const USER_INFO = 'Login_Userinfo';
export const USER_NAME = 'Login_Username';
export const TENANT_ID = 'TENANT_ID';
/** The session's file key (the server's X-File-Key answer header): appended to stored-file URLs. */
export const FILE_KEY = 'FILE_KEY';
/** Names of the cached (kept-alive) pages (spec 3 "cached included routes"); cleared on logout. */
export const CACHE_INCLUDED_ROUTES = 'CACHE_INCLUDED_ROUTES';
/** sessionStorage: buttons the user holds (`auth`). */
export const USER_AUTH = 'LOGIN_USER_BUTTON_AUTH';
/** sessionStorage: every defined button rule (`allAuth`). */
export const SYS_BUTTON_AUTH = 'SYS_BUTTON_AUTH';

let fallback: StoragePort | undefined;

/**
 * The browser's localStorage as a storage port, or (no browser, storage disabled) one in-memory
 * store for the page's lifetime.
 */
export function browserStorage(): StoragePort {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    /* storage disabled */
  }
  return (fallback ??= memoryStorage());
}

/**
 * Stores `value` under `pro__<key>` in localStorage.
 * Inputs: key without prefix; any JSON-serialisable value; lifetime in ms (default 7 days,
 * null = never expires). Returns nothing; storage quota errors are swallowed.
 */
export function setItem<T>(key: string, value: T, expireMs: number | null = DEFAULT_EXPIRE_MS): void {
  writeEntry(browserStorage(), key, value, expireMs);
}

/**
 * Reads `pro__<key>` from localStorage. Returns the stored value, or `fallback` (default null)
 * when absent, unparsable or expired (an expired entry is removed).
 */
export function getItem<T>(key: string, fallbackValue: T | null = null): T | null {
  return readEntry(browserStorage(), key, fallbackValue);
}

/** Removes `pro__<key>`. Input: key without prefix. */
export function removeItem(key: string): void {
  removeEntry(browserStorage(), key);
}

/** Writes a JSON value to sessionStorage under `key` (no prefix, as the original client does). */
export function setSessionItem(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage disabled */
  }
}

/** Reads a JSON value from sessionStorage; returns `fallback` when absent or unparsable. */
export function getSessionItem<T>(key: string, fallback: T): T {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Removes a sessionStorage key. */
export function removeSessionItem(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    /* storage disabled */
  }
}
