/** Route constants of the shell (spec 2.1, 2.3, 9). */

/** Home path (spec 9). */
export const HOME_PATH = '/dashboard/analysis';
/** Login path (spec 2.3). */
export const LOGIN_PATH = '/user/login';
/** The OAuth2 app login route, the further login-style public path (spec 2.1, 2.3, 2.4). */
export const OAUTH2_APP_PATH = '/oauth2-app/login';
/** The page a CAS server returns to with its ticket when single sign-on is on (spec 2.3). */
export const CAS_APP_PATH = '/user/cas';
/** Paths reachable without a token (spec 2.3). */
export const PUBLIC_PATHS: readonly string[] = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  OAUTH2_APP_PATH,
  CAS_APP_PATH,
];

/**
 * Login URL carrying the original full path as `redirect` (spec 2.3).
 * Input: full path ('/a/b?x=1'); returns '/user/login?redirect=…' (no query for home or empty).
 */
export function loginUrl(fullPath?: string): string {
  if (!fullPath || fullPath === '/' || fullPath.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * Sanitises a `redirect` query value (spec 2.3): only same-site absolute paths are followed.
 * Input: raw value or null; returns a path, HOME_PATH when missing or unsafe.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  if (raw.startsWith(LOGIN_PATH)) return HOME_PATH;
  return raw;
}
