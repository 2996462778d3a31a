import type { AppContext } from '../../context.js';
import { BizError } from '../../http/envelope.js';
import { randomBytes } from 'node:crypto';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password.js';
import { LoginLock } from './login-lock.js';
import { LOG_TYPE, writeLog } from '../log/log-service.js';
import { departsOf, userInfoOf } from './user-info.js';
import type { CaptchaStore } from './captcha.js';
import type { Db } from '../../db/connection.js';
import type { SysUser } from '../../db/tables-org.js';
import { camelRow } from '../../http/case.js';

export interface LoginInput {
  username?: unknown;
  password?: unknown;
  captcha?: unknown;
  checkKey?: unknown;
}

/** The login lock of the app's limits (`maxLoginFailures`, `lockMinutes`). */
export function loginLockOf(ctx: AppContext): LoginLock {
  return new LoginLock(ctx.db, ctx.config.maxLoginFailures, ctx.config.lockMinutes);
}

let dummy: Promise<string> | null = null;
/** A hash of a random password, checked for unknown names so that they take as long as known ones. */
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Account login (spec 7.1, api-contract §2.2). Order: captcha (code 412 on mismatch), lockout of
 * the name for the client's address, password, then frozen/cancelled. Unknown user and wrong
 * password give the same message, take the same time (a password check either way) and count
 * towards the same lock, and an account's state is only told after its password was right, so
 * that account names cannot be probed. `maxLoginFailures` wrong passwords in a row from one
 * address lock the name for that address for `lockMinutes` (login-lock.ts). Returns the login
 * payload; throws BizError otherwise.
 */
export async function login(ctx: AppContext, captchas: CaptchaStore, input: LoginInput, ip: string): Promise<Record<string, unknown>> {
  const { db, config } = ctx;
  const username = typeof input.username === 'string' ? input.username.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (!username || !password) throw new BizError('请输入用户名和密码');
  if (config.captchaEnabled) {
    if (typeof input.captcha !== 'string' || !input.captcha) throw new BizError('验证码无效');
    if (!(await captchas.check(String(input.checkKey ?? ''), input.captcha))) throw new BizError('验证码错误', 412);
  }
  const lock = loginLockOf(ctx);
  await lock.assertOpen(username, ip);
  const user = await db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();
  // an unknown name costs one password check too: the answer time tells nothing
  const right = await verifyPassword(password, user?.password ?? (await dummyHash()));
  if (!user || !right) {
    const locked = await lock.fail(username, ip);
    const reason = user ? '密码错误' : '用户不存在';
    await writeLog(db, {
      logType: LOG_TYPE.login,
      content: `用户名: ${username},登录失败：${reason}`,
      username,
      realname: user?.realname,
      ip,
    });
    if (locked) throw new BizError(`密码连续错误${config.maxLoginFailures}次，账号已锁定${config.lockMinutes}分钟，请稍后再试`);
    throw new BizError('用户名或密码错误');
  }
  // only this address's failures: a stranger's lock elsewhere stays
  await lock.clearFor(username, ip);
  // a hash of an older kind (bcrypt) is renewed now that the plain password is known
  if (needsRehash(user.password))
    await db
      .updateTable('sys_user')
      .set({ password: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
  // the account's state is told only to someone who knows its password
  assertUsable(user);
  return loginPayload(ctx, user, ip, `用户名: ${username},登录成功！`);
}

/**
 * Refuses a cancelled (该用户已注销) or frozen (该用户已冻结) account with a BizError
 * (api-contract §2.2 step 2). Input: the sys_user row. Returns nothing.
 */
export function assertUsable(user: Pick<SysUser, 'del_flag' | 'status'>): void {
  if (user.del_flag === 1) throw new BizError('该用户已注销');
  if (user.status === 2) throw new BizError('该用户已冻结');
}

/**
 * Active tenants of a user with `rel_tenant_ids` (api-contract §2.2 `tenantList`), as SysTenant
 * objects (camelCase) ordered by id. Returns null when the user has no tenants; throws BizError
 * 与该用户关联的租户均已被冻结，无法登录！ when none of them is active.
 */
export async function activeTenantsOf(db: Db, relTenantIds: string | null): Promise<Record<string, unknown>[] | null> {
  const ids = (relTenantIds ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return null;
  const rows = await db.selectFrom('sys_tenant').selectAll().where('id', 'in', ids).where('status', '=', 1).orderBy('id').execute();
  if (!rows.length) throw new BizError('与该用户关联的租户均已被冻结，无法登录！');
  return rows.map((r) => camelRow(r));
}

/**
 * The login payload shared by every sign-in path — account, phone, third party (api-contract
 * §2.2): checks the user's tenants, resets failure counters, keeps or picks the current
 * department, issues a session token and writes the login log line `logContent`.
 * Returns {token, userInfo, departs, multi_depart, sysAllDictItems, tenantList?}; throws
 * BizError when all of the user's tenants are frozen (nothing is written then).
 */
export async function loginPayload(ctx: AppContext, user: SysUser, ip: string, logContent: string): Promise<Record<string, unknown>> {
  const { db } = ctx;
  const tenantList = await activeTenantsOf(db, user.rel_tenant_ids);
  const departs = await departsOf(db, user.id);
  let orgCode = user.org_code;
  if (departs.length && !departs.some((d) => d.orgCode === orgCode)) orgCode = String(departs[0].orgCode);
  // written only when something changes: every write of sys_user drops the cached user names
  // of every server process (cluster bus), and most sign-ins have nothing to reset
  if (user.login_fail_count || user.lock_until || orgCode !== user.org_code)
    await db.updateTable('sys_user').set({ login_fail_count: 0, lock_until: null, org_code: orgCode }).where('id', '=', user.id).execute();
  const token = await ctx.tokens.issue(user, ip);
  await writeLog(db, { logType: LOG_TYPE.login, content: logContent, username: user.username, realname: user.realname, ip });
  return {
    token,
    userInfo: userInfoOf({ ...user, org_code: orgCode }, departs),
    departs,
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    sysAllDictItems: await ctx.dicts.allEnabledItems(),
    ...(tenantList ? { tenantList } : {}),
  };
}
