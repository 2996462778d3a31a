/**
 * The text a JeecgBoot request signature is computed over (api-contract §1.6), shared by the
 * client (which sends X-Sign) and the server (which checks it when SIGN_SECRET is set).
 * X-Sign = uppercase hex MD5 of `signSource(...) + secret`; each side brings its own MD5.
 */

/** Default JeecgBoot `jeecg.signatureSecret` (api-contract §1.6). */
export const DEFAULT_SIGNATURE_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

/** Largest accepted clock difference of X-TIMESTAMP (api-contract §1.6: 5 minutes). */
export const SIGN_MAX_AGE_MS = 5 * 60 * 1000;

function asString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(asString).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Canonical signed text: query params of `url` + `params` + the fields of a JSON object `body`,
 * plus `x-path-variable` = the decoded last path segment when it contains a comma; `_t`, null
 * and undefined dropped; keys sorted; values as strings; compact JSON.
 * Inputs: url (path, optional query), query params object, request body (objects only count).
 * Returns the JSON text.
 */
export function signSource(url: string, params?: Record<string, unknown>, body?: unknown): string {
  const merged: Record<string, unknown> = {};
  const [path, query] = url.split('?');
  const last = path.substring(path.lastIndexOf('/') + 1);
  if (last.includes(',')) {
    let decoded = last;
    try {
      decoded = decodeURIComponent(last);
    } catch {
      /* keep it raw */
    }
    merged['x-path-variable'] = decoded;
  }
  if (query) new URLSearchParams(query).forEach((v, k) => (merged[k] = v));
  if (params) Object.assign(merged, params);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body && typeof body === 'object' && !Array.isArray(body) && !isForm) Object.assign(merged, body as Record<string, unknown>);
  delete merged._t;
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(merged).sort()) {
    const v = merged[key];
    if (v === null || v === undefined) continue;
    sorted[key] = asString(v);
  }
  return JSON.stringify(sorted);
}

/** `X-TIMESTAMP` as yyyyMMddHHmmss local time (spec 7). Input: a Date (default now). */
export function signTimestamp(date: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

/**
 * Reads an X-TIMESTAMP (yyyyMMddHHmmss local time, or epoch milliseconds, api-contract §1.6).
 * Returns epoch ms, or null when it is neither.
 */
export function parseSignTimestamp(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  if (value.length === 14) {
    const n = (a: number, b: number) => Number(value.slice(a, b));
    const d = new Date(n(0, 4), n(4, 6) - 1, n(6, 8), n(8, 10), n(10, 12), n(12, 14));
    return Number.isNaN(d.getTime()) ? null : d.getTime();
  }
  const ms = Number(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Path fragments a JeecgBoot server checks the signature on (api-contract §1.6). */
export const SIGNED_PATHS: readonly string[] = [
  '/sys/dict/getDictItems/',
  '/sys/dict/loadDict/',
  '/sys/dict/loadDictOrderByValue/',
  '/sys/dict/loadDictItem/',
  '/sys/dict/loadTreeData',
  '/sys/api/',
];

/**
 * True when `url` (relative to the API base or with it, query allowed) is a signed path of
 * api-contract §1.6.
 */
export function needsSignature(url: string): boolean {
  const path = url.split('?')[0];
  return SIGNED_PATHS.some((p) => path.includes(p));
}
