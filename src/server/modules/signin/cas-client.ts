import { XMLParser } from 'fast-xml-parser';

/** Single sign-on through a CAS server (spec 2.3, 7.1, 9): off unless CAS_SERVER_URL is set. */
export interface CasSettings {
  /** The CAS server's prefix as browsers reach it, e.g. `https://sso.example.com/cas` (login, logout). */
  serverUrl: string;
  /** The prefix this server calls for `serviceValidate` (CAS_VALIDATE_URL; default `serverUrl`). */
  validateUrl: string;
  /** Longest wait for the CAS server's answer (ms). */
  timeoutMs: number;
}

/** Reads CAS_SERVER_URL, CAS_VALIDATE_URL and CAS_TIMEOUT_MS; returns null when single sign-on is off. */
export function loadCasSettings(env: NodeJS.ProcessEnv): CasSettings | null {
  const serverUrl = env.CAS_SERVER_URL?.trim().replace(/\/+$/, '');
  if (!serverUrl) return null;
  return {
    serverUrl,
    validateUrl: env.CAS_VALIDATE_URL?.trim().replace(/\/+$/, '') || serverUrl,
    timeoutMs: Number(env.CAS_TIMEOUT_MS ?? 5_000),
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
