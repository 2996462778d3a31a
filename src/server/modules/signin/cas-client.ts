import { XMLParser } from 'fast-xml-parser';
import { CAS_TEXT } from './texts.js';

/** Single sign-on through a CAS server (spec 2.3, 7.1, 9): off unless CAS_SERVER_URL is set. */
export interface CasSettings {
  /** The CAS server's prefix as browsers reach it, e.g. `https://sso.example.com/cas` (login, logout). */
  serverUrl: string;
  /** The prefix this server calls for `serviceValidate` (CAS_VALIDATE_URL; default `serverUrl`). */
  validateUrl: string;
  /** Longest wait for the CAS server's answer (ms). */
  timeoutMs: number;
  /**
   * This application's public origin (CAS_SERVICE_ORIGIN, e.g. `https://office.example.com`): the
   * only origin a ticket's `service` may name. Required: the request's Host header is the caller's
   * to choose, so it never stands in.
   */
  serviceOrigin: string;
}

/** `raw` as a bare http(s) origin (no path, query or credentials; a trailing slash dropped), else null. */
function originOf(raw: string | undefined): string | null {
  const v = (raw ?? '').trim().replace(/\/+$/, '');
  if (!v) return null;
  try {
    const url = new URL(v);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return /^https?:$/.test(url.protocol) && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Reads CAS_SERVER_URL, CAS_SERVICE_ORIGIN, CAS_VALIDATE_URL and CAS_TIMEOUT_MS; returns null when
 * single sign-on is off (no CAS_SERVER_URL). Throws (the server refuses to start, CAS_TEXT
 * .serviceOriginRequired names the variable) when it is on without a valid CAS_SERVICE_ORIGIN.
 */
export function loadCasSettings(env: NodeJS.ProcessEnv): CasSettings | null {
  const serverUrl = env.CAS_SERVER_URL?.trim().replace(/\/+$/, '');
  if (!serverUrl) return null;
  const serviceOrigin = originOf(env.CAS_SERVICE_ORIGIN);
  if (!serviceOrigin) throw new Error(CAS_TEXT.serviceOriginRequired(env.CAS_SERVICE_ORIGIN));
  return {
    serverUrl,
    validateUrl: env.CAS_VALIDATE_URL?.trim().replace(/\/+$/, '') || serverUrl,
    timeoutMs: Number(env.CAS_TIMEOUT_MS ?? 5_000),
    serviceOrigin,
  };
}

/** What the CAS server said of a ticket: the signed-in user's name, or the failure code it gave. */
export type CasValidation = { ok: true; user: string } | { ok: false; code: string };

const parser = new XMLParser({ removeNSPrefix: true, trimValues: true, parseTagValue: false, ignoreAttributes: false });

/**
 * Reads a CAS 2.0/3.0 `serviceValidate` answer (`<cas:serviceResponse>` with
 * `<cas:authenticationSuccess><cas:user>` or `<cas:authenticationFailure code="…">`). Anything
 * else — not XML, no user, an empty name — is a failure with code `INVALID_RESPONSE`.
 */
export function parseServiceResponse(xml: string): CasValidation {
  let doc: Record<string, any>;
  try {
    doc = parser.parse(xml, true) as Record<string, any>;
  } catch {
    return { ok: false, code: 'INVALID_RESPONSE' };
  }
  const response = doc?.serviceResponse;
  const success = response?.authenticationSuccess;
  const user = typeof success?.user === 'string' ? success.user.trim() : '';
  if (user) return { ok: true, user };
  const failure = response?.authenticationFailure;
  const code = failure && typeof failure === 'object' && typeof failure['@_code'] === 'string' ? failure['@_code'] : undefined;
  return { ok: false, code: code ?? 'INVALID_RESPONSE' };
}

/**
 * Asks the CAS server whether `ticket` was issued for `service` (GET `{validateUrl}/serviceValidate`).
 * Returns the validation; throws an Error when the server cannot be reached in time or answers
 * with an HTTP error (the caller reports the CAS server as unreachable).
 */
export async function validateServiceTicket(settings: CasSettings, ticket: string, service: string): Promise<CasValidation> {
  const url = new URL(`${settings.validateUrl}/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  const res = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs), redirect: 'error' });
  if (!res.ok) throw new Error(`CAS serviceValidate answered HTTP ${res.status}`);
  return parseServiceResponse(await res.text());
}
