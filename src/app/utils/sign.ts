import { md5 } from 'js-md5';
export { needsSignature } from './signPaths';

/**
 * Request signature of the JeecgBoot dictionary endpoints (api-contract §1.6, spec 7).
 * It is wire compatibility, not security: the secret ships inside the client bundle.
 */

/** Default JeecgBoot `jeecg.signatureSecret` (api-contract §1.6). */
export const DEFAULT_SIGNATURE_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

function signatureSecret(): string {
  const fromEnv = import.meta.env?.VITE_SIGNATURE_SECRET;
  return fromEnv && fromEnv.length > 0 ? fromEnv : DEFAULT_SIGNATURE_SECRET;
}

function asString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(asString).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Computes `X-Sign` (api-contract §1.6): query params of the URL + `params` + (non-GET) JSON
 * `body` fields + `x-path-variable` when the last path segment contains a comma; `_t`, null and
 * undefined dropped; keys sorted; compact JSON with string values; uppercase MD5 of json+secret.
 * Inputs: url relative to the API base, query params object, request body (objects only count).
 * Returns the 32-char uppercase hex signature.
 */
export function computeSign(url: string, params?: Record<string, unknown>, body?: unknown): string {
  const merged: Record<string, unknown> = {};
  const [path, query] = url.split('?');
  const last = path.substring(path.lastIndexOf('/') + 1);
  if (last.includes(',')) merged['x-path-variable'] = decodeURIComponent(last);
  if (query) new URLSearchParams(query).forEach((v, k) => (merged[k] = v));
  if (params) Object.assign(merged, params);
  if (body && typeof body === 'object' && !Array.isArray(body) && !(body instanceof FormData)) {
    Object.assign(merged, body as Record<string, unknown>);
  }
  delete merged._t;
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(merged).sort()) {
    const v = merged[key];
    if (v === null || v === undefined) continue;
    sorted[key] = asString(v);
  }
  return md5(JSON.stringify(sorted) + signatureSecret()).toUpperCase();
}

/** `X-TIMESTAMP` value as yyyyMMddHHmmss local time (spec 7). Input: a Date (default now). */
export function signTimestamp(date: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}
