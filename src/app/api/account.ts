import { getAction, postAction, putAction, type Envelope } from './http';
import type { Depart, LoginResult, UserInfo } from './types';

/**
 * Calls of the further sign-in paths and the account (spec 7.1; api-contract §2.1, §4.5, §10),
 * at their JeecgBoot paths so the client works against a JeecgBoot server too. Each resolves
 * with the envelope; callers test `success` (and `code == 200` for logins, spec 5.1).
 */

/** smsmode of POST /sys/sms: '0' login, '1' register, '2' forgotten password. */
export type SmsMode = '0' | '1' | '2';

/** POST /sys/sms {mobile, smsmode}: sends an SMS code. */
export function sendSmsCode(mobile: string, smsmode: SmsMode): Promise<Envelope<unknown>> {
  return postAction('/sys/sms', { mobile, smsmode });
}

/** POST /sys/phoneLogin {mobile, captcha}: the login payload (code must be 200). */
export function phoneLoginRequest(mobile: string, captcha: string): Promise<Envelope<LoginResult>> {
  return postAction<LoginResult>('/sys/phoneLogin', { mobile, captcha });
}

/** GET /sys/thirdLogin/getLoginUser/{token}/{thirdType}: the login payload of a third-party sign-in. */
export function thirdLoginRequest(token: string, thirdType: string): Promise<Envelope<LoginResult>> {
  return getAction<LoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/${encodeURIComponent(thirdType)}`);
}

/** A third-party sign-in offered on the login page. */
export interface ThirdSource {
  source: string;
  name: string;
}

/** GET /sys/thirdLogin/sources: the configured OAuth2/OpenID Connect providers (our server). */
export function fetchThirdSources(): Promise<Envelope<ThirdSource[]>> {
  return getAction<ThirdSource[]>('/sys/thirdLogin/sources');
}

/** Where the browser goes to start the third-party sign-in of `source`; `redirect` = page after sign-in. */
export function thirdLoginStartUrl(source: string, redirect?: string | null): string {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return `${__API_BASE__}/sys/thirdLogin/oauth2/${encodeURIComponent(source)}/login${query}`;
}

/** Body of POST /sys/user/register (api-contract §4.5). */
export interface RegisterParams {
  username: string;
  password: string;
  phone: string;
  smscode: string;
  email?: string;
}

/** POST /sys/user/register. */
export function registerRequest(params: RegisterParams): Promise<Envelope<unknown>> {
  return postAction('/sys/user/register', params);
}

/** POST /sys/user/phoneVerification {phone, smscode} → {smscode, username}. */
export function phoneVerification(phone: string, smscode: string): Promise<Envelope<{ smscode: string; username: string }>> {
  return postAction<{ smscode: string; username: string }>('/sys/user/phoneVerification', { phone, smscode });
}

/** POST /sys/user/passwordChange {username, password, smscode, phone} (never GET: no password in a URL). */
export function passwordChange(params: { username: string; password: string; smscode: string; phone: string }): Promise<Envelope<unknown>> {
  return postAction('/sys/user/passwordChange', params);
}

/** PUT /sys/user/updatePassword {username, oldpassword, password, confirmpassword} (spec 7.1). */
export function updatePassword(params: {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}): Promise<Envelope<unknown>> {
  return putAction('/sys/user/updatePassword', params);
}

/** GET /sys/user/getCurrentUserDeparts → {list, orgCode} (spec 7.1). */
export function fetchCurrentUserDeparts(): Promise<Envelope<{ list: Depart[]; orgCode: string }>> {
  return getAction<{ list: Depart[]; orgCode: string }>('/sys/user/getCurrentUserDeparts');
}

/** An organisation unit (OS) entry (spec 3). */
export interface OsEntry {
  id: string;
  osCode: string;
  osName: string;
}

/** GET /sys/user/getCurrentUserOss → {list, osCode} (spec 7.1). */
export function fetchCurrentUserOss(): Promise<Envelope<{ list: OsEntry[]; osCode: string }>> {
  return getAction<{ list: OsEntry[]; osCode: string }>('/sys/user/getCurrentUserOss');
}

/** POST /sys/selectOs {osCode, username} → {userInfo} (spec 7.1). */
export function selectOs(osCode: string, username: string): Promise<Envelope<{ userInfo: UserInfo }>> {
  return postAction<{ userInfo: UserInfo }>('/sys/selectOs', { osCode, username });
}

/** PUT /sys/user/appEdit: the signed-in user's own basic information → the new userInfo. */
export function editOwnInfo(values: Partial<Pick<UserInfo, 'realname'>> & Record<string, unknown>): Promise<Envelope<UserInfo>> {
  return putAction<UserInfo>('/sys/user/appEdit', values);
}
