import { proxy } from 'valtio';
import { setLogoutHandler } from '../api/errors';
import { phoneLoginRequest, thirdLoginRequest } from '../api/account';
import { loginRequest, logoutRequest } from '../api/auth';
import { casValidateRequest } from '../api/sso';
import type { Envelope } from '../api/http';
import type { DictItem, LoginParams, LoginResult, UserInfo } from '../api/types';
import {
  ACCESS_TOKEN,
  FILE_KEY,
  CACHE_INCLUDED_ROUTES,
  DICT_CACHE,
  TENANT_ID,
  USER_INFO,
  USER_NAME,
  getItem,
  removeItem,
  setItem,
} from '../utils/storage';
import { clearPermissions } from './permission';
import { clearTabs } from './tabs';

/** Session store (spec 3 "Session and user info", 4.1 Auth, 9: persisted 7 days under pro__). */
export interface SessionState {
  token: string;
  userInfo: UserInfo | null;
  sysAllDictItems: Record<string, DictItem[]>;
}

/** The session store (valtio proxy), hydrated from localStorage `pro__*` on load. */
export const session = proxy<SessionState>({
  token: getItem<string>(ACCESS_TOKEN) ?? '',
  userInfo: getItem<UserInfo>(USER_INFO),
  sysAllDictItems: getItem<Record<string, DictItem[]>>(DICT_CACHE) ?? {},
});

/** Raised when the login answer's code is not 200 (spec 8); carries the whole envelope. */
export class LoginRejectedError extends Error {
  constructor(public readonly response: Envelope<LoginResult>) {
    super(response.message || '登录失败');
  }
}

/**
 * Stores a login result: token, userInfo, username and dictionary items for 7 days (spec 9).
 * Input: the `result` of /sys/login. Returns nothing.
 */
export function applyLoginResult(result: LoginResult): void {
  session.token = result.token;
  session.userInfo = result.userInfo;
  session.sysAllDictItems = result.sysAllDictItems ?? {};
  setItem(ACCESS_TOKEN, result.token);
  setItem(USER_INFO, result.userInfo);
  setItem(USER_NAME, result.userInfo?.username);
  setItem(DICT_CACHE, session.sysAllDictItems);
  const tenants = result.tenantList ?? [];
  if (tenants.length === 1) setItem(TENANT_ID, tenants[0].id);
  else if (tenants.length === 0) removeItem(TENANT_ID);
}

/** Replaces the stored user info (department switch, spec 7.1 selectDepart: stored 7 days). */
export function setUserInfo(userInfo: UserInfo): void {
  session.userInfo = userInfo;
  setItem(USER_INFO, userInfo);
}

/**
 * Keeps a login answer (spec 5.1 "Login response code must equal '200'", spec 8): accepted only
 * when `code == 200` (string or number) and a token came; the session is then stored for 7 days.
 * Input: the envelope of /sys/login, /sys/phoneLogin or /sys/thirdLogin/getLoginUser. Returns it.
 * Rejects with LoginRejectedError carrying the whole envelope otherwise.
 */
export function acceptLogin(res: Envelope<LoginResult>): Envelope<LoginResult> {
  if (String(res.code) !== '200' || !res.result?.token) throw new LoginRejectedError(res);
  applyLoginResult(res.result);
  return res;
}

/**
 * POST /sys/login and keep the session (spec 7.1): accepted only when `code == 200` (string or
 * number). Input: {username, password, captcha, checkKey, remember_me}. Returns the envelope.
 * Rejects with LoginRejectedError (envelope inside: code 412 = wrong captcha) or the HTTP error.
 */
export async function login(params: LoginParams): Promise<Envelope<LoginResult>> {
  return acceptLogin(await loginRequest(params));
}

/**
 * POST /sys/phoneLogin {mobile, captcha} and keep the session (spec 7.1 "same rule": code 200).
 * Returns the envelope; rejects with LoginRejectedError or the HTTP error.
 */
export async function phoneLogin(mobile: string, captcha: string): Promise<Envelope<LoginResult>> {
  return acceptLogin(await phoneLoginRequest(mobile, captcha));
}

/**
 * GET /sys/thirdLogin/getLoginUser/{token}/{thirdType} and keep the session (spec 7.1, 8:
 * code 200 required). Returns the envelope; rejects with LoginRejectedError or the HTTP error.
 */
export async function thirdLogin(token: string, thirdType: string): Promise<Envelope<LoginResult>> {
  return acceptLogin(await thirdLoginRequest(token, thirdType));
}

/**
 * GET /sys/cas/client/validateLogin with the CAS ticket and the service it was issued for, and
 * keep the session (spec 7.1: code 200 required). Returns the envelope; rejects with
 * LoginRejectedError or the HTTP error.
 */
export async function casLogin(ticket: string, service: string): Promise<Envelope<LoginResult>> {
  return acceptLogin(await casValidateRequest(ticket, service));
}

/**
 * Logs out (spec 4.1): clears token, permission lists, stored user info, username, dictionary
 * items, tenant and cached pages (tabs and the cached-route list), then POSTs /sys/logout with
 * the old token. Never rejects: it completes even when the server call fails.
 */
export async function logout(): Promise<void> {
  const token = session.token || getItem<string>(ACCESS_TOKEN) || '';
  session.token = '';
  session.userInfo = null;
  session.sysAllDictItems = {};
  for (const key of [ACCESS_TOKEN, USER_INFO, USER_NAME, DICT_CACHE, TENANT_ID, CACHE_INCLUDED_ROUTES, FILE_KEY]) removeItem(key);
  clearPermissions();
  clearTabs();
  if (!token) return;
  try {
    await logoutRequest(token);
  } catch {
    /* spec 4.1: logout completes even if the server call fails */
  }
}

setLogoutHandler(logout);
