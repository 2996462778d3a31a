import { getAction, http, postAction, putAction, type Envelope } from './http';
import type { LoginParams, LoginResult, PermissionResult, UserInfo } from './types';

/** Calls of spec 7.1 / api-contract §2–§3 used by the shell. */

/** GET /sys/randomImage/{key}: `result` is a data-URL image, empty when captcha is off. */
export function fetchCaptcha(key: string): Promise<Envelope<string | null>> {
  return getAction<string | null>(`/sys/randomImage/${encodeURIComponent(key)}`);
}

/** POST /sys/login. Resolves with the envelope; the caller checks `code == 200` (spec 7.1). */
export function loginRequest(params: LoginParams): Promise<Envelope<LoginResult>> {
  return postAction<LoginResult>('/sys/login', params);
}

/**
 * POST /sys/logout with the given token in X-Access-Token (spec 7.1), silently: the spec 8
 * notifications are not shown, so a failing logout never triggers another logout.
 */
export async function logoutRequest(token: string): Promise<void> {
  await http.post('/sys/logout', undefined, { headers: { 'X-Access-Token': token }, silent: true });
}

/** GET /sys/permission/getUserPermissionByToken (api-contract §3.1). */
export function fetchPermissions(): Promise<Envelope<PermissionResult>> {
  return getAction<PermissionResult>('/sys/permission/getUserPermissionByToken');
}

/** PUT /sys/selectDepart {orgCode, username} (spec 7.1). Result carries the updated userInfo. */
export function selectDepart(orgCode: string, username: string): Promise<Envelope<{ userInfo: UserInfo }>> {
  return putAction<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
}
