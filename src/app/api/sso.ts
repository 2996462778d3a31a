import { getAction, type Envelope } from './http';
import type { LoginResult } from './types';

/** What /sys/cas/client/config tells the client of single sign-on (spec 2.3, 9 "single sign-on flag"). */
export interface CasConfig {
  enabled: boolean;
  /** prefix of the CAS server (login, logout), when enabled */
  casServerUrl?: string;
  /** the client route the CAS server returns to with `ticket` */
  servicePath: string;
}

const OFF: CasConfig = { enabled: false, servicePath: '/user/cas' };
let pending: Promise<CasConfig> | null = null;

/**
 * The single sign-on settings of the server, asked once per page load (GET
 * /sys/cas/client/config). A server without that call (a JeecgBoot server) or a failed call
 * means single sign-on is off. Never rejects.
 */
export function loadCasConfig(): Promise<CasConfig> {
  pending ??= getAction<CasConfig>('/sys/cas/client/config')
    .then((res) => (res.success && res.result ? { ...OFF, ...res.result } : OFF))
    .catch(() => OFF);
  return pending;
}

let leaving = false;

/** Marks the page as on its way to the CAS logout: the route guard then sends nobody to the CAS login. */
export function markLeavingForCasLogout(): void {
  leaving = true;
}

/** True once the page is on its way to the CAS logout. */
export function isLeavingForCasLogout(): boolean {
  return leaving;
}

/**
 * The service URL the CAS server sends the browser back to: `{origin}{servicePath}` with the
 * page to open after sign-in as `redirect`. The same string goes to the CAS login and to
 * validateLogin, so the CAS server can match the ticket to it.
 */
export function casServiceUrl(config: CasConfig, origin: string, redirect?: string | null): string {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return `${origin}${config.servicePath}${query}`;
}

/** Where an unauthenticated visitor is sent when single sign-on is on: `{cas}/login?service=…`. */
export function casLoginUrl(config: CasConfig, origin: string, redirect?: string | null): string {
  return `${config.casServerUrl}/login?service=${encodeURIComponent(casServiceUrl(config, origin, redirect))}`;
}

/** Where logout continues so the CAS session ends too: `{cas}/logout?service={origin}/`. */
export function casLogoutUrl(config: CasConfig, origin: string): string {
  return `${config.casServerUrl}/logout?service=${encodeURIComponent(`${origin}/`)}`;
}

/** GET /sys/cas/client/validateLogin?ticket&service: the login payload once the CAS server confirms the ticket (spec 7.1). */
export function casValidateRequest(ticket: string, service: string): Promise<Envelope<LoginResult>> {
  return getAction<LoginResult>('/sys/cas/client/validateLogin', { ticket, service });
}
