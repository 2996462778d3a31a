/**
 * Browser storage of the shell (spec 3 "Browser storage keys", spec 9, api-contract §3.1).
 * localStorage entries use the vue-ls layout of the original client: key `pro__<name>`,
 * value JSON `{"value": …, "expire": <epoch ms> | null}`; expired entries read as null.
 * The two button-permission lists live in sessionStorage as plain JSON under their own keys.
 */

/** Namespace prefix of every localStorage key (spec 9). */
export const STORAGE_PREFIX = 'pro__';
/** Default lifetime of session data: 7 days in ms (spec 9). */
export const DEFAULT_EXPIRE_MS = 604_800_000;

export const ACCESS_TOKEN = 'Access-Token';
export const USER_INFO = 'Login_Userinfo';
export const USER_NAME = 'Login_Username';
export const DICT_CACHE = 'UI_CACHE_DB_DICT_DATA';
export const TENANT_ID = 'TENANT_ID';
/** Names of the cached (kept-alive) pages (spec 3 "cached included routes"); cleared on logout. */
export const CACHE_INCLUDED_ROUTES = 'CACHE_INCLUDED_ROUTES';
/** sessionStorage: buttons the user holds (`auth`). */
export const USER_AUTH = 'LOGIN_USER_BUTTON_AUTH';
/** sessionStorage: every defined button rule (`allAuth`). */
export const SYS_BUTTON_AUTH = 'SYS_BUTTON_AUTH';

interface Stored<T> {
  value: T;
  expire: number | null;
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Stores `value` under `pro__<key>`.
 * Inputs: key without prefix; any JSON-serialisable value; lifetime in ms (default 7 days,
 * null = never expires). Returns nothing; storage quota errors are swallowed.
 */
export function setItem<T>(key: string, value: T, expireMs: number | null = DEFAULT_EXPIRE_MS): void {
  const s = backend();
  if (!s) return;
  const entry: Stored<T> = { value, expire: expireMs === null ? null : Date.now() + expireMs };
  try {
    s.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
  } catch {
    /* quota exceeded or storage disabled: keep running in memory */
  }
}

/**
 * Reads `pro__<key>`. Returns the stored value, or `fallback` (default null) when absent,
 * unparsable or expired (an expired entry is removed).
 */
export function getItem<T>(key: string, fallback: T | null = null): T | null {
  const s = backend();
  if (!s) return fallback;
  const raw = s.getItem(STORAGE_PREFIX + key);
  if (raw === null) return fallback;
  try {
    const entry = JSON.parse(raw) as Stored<T>;
    if (entry && typeof entry === 'object' && 'value' in entry) {
      if (entry.expire !== null && entry.expire !== undefined && entry.expire < Date.now()) {
        s.removeItem(STORAGE_PREFIX + key);
        return fallback;
      }
      return entry.value ?? fallback;
    }
  } catch {
    /* not ours: ignore */
  }
  return fallback;
}

/** Removes `pro__<key>`. Input: key without prefix. */
export function removeItem(key: string): void {
  backend()?.removeItem(STORAGE_PREFIX + key);
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
