import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { SysUser } from '../../db/tables-org.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { clientIp } from '../../http/case.js';
import { FORM_RULES, validateValue, type FormRule } from '../../../shared/form-rules.js';
import { formatDateTime } from '../../../shared/time.js';
import { assertNotCommon, hashPassword } from '../auth/password.js';
import { LOG_TYPE, writeLog } from '../log/log-service.js';
import { assertUsable, loginLockOf, loginPayload } from '../login/login-service.js';
import type { SmsCodeService } from '../sms/sms-code-service.js';
import { REGISTER_TEXT, SMS_TEXT } from './texts.js';
import { textOf as str } from '../../http/input.js';
import { inTransaction } from '../../db/transaction.js';

type Body = Record<string, unknown>;

/** Throws BizError with the first failing spec 5.1 message of `rules` for `value`. */
function check(value: string, rules: readonly FormRule[]): void {
  const message = validateValue(value, rules);
  if (message) throw new BizError(message);
}

const active = (db: Db) =>
  db
    .selectFrom('sys_user')
    .selectAll()
    .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]));

/**
 * The active user whose phone is `mobile`; undefined when none; BizError when several share
 * it (phone sign-in cannot tell them apart).
 */
async function userByPhone(db: Db, mobile: string): Promise<SysUser | undefined> {
  const rows = await active(db).where('phone', '=', mobile).limit(2).execute();
  if (rows.length > 1) throw new BizError(SMS_TEXT.phoneAmbiguous);
  return rows[0];
}

/**
 * SMS code, phone sign-in, registration and forgotten password (spec 2.1, 7.1; api-contract
 * §2.1, §4.5), all anonymous:
 * - `POST /sys/sms {mobile, smsmode}` — '0' login and '2' forgotten password send a code only to
 *   the phone of a usable account, '1' register only to a phone without one; the answer is 发送成功
 *   either way (the phone's account is never told); limits in SmsCodeService.
 * - `POST /sys/phoneLogin {mobile, captcha}` — the login payload of /sys/login (code 200); a
 *   wrong, used or expired code → 手机验证码错误. The code is checked before anything about the
 *   account is told.
 * - `POST /sys/user/register {username, password, phone, smscode, email}` — spec 5.1 rules, the
 *   code (手机验证码失效，请重新获取 / 手机验证码错误), then 用户名已注册 / 该手机号已注册 / 邮箱已被注册;
 *   creates an active user (role REGISTER_ROLE when set) in one transaction; 注册成功.
 * - `POST /sys/user/phoneVerification {phone, smscode}` → {smscode, username} (code kept for
 *   the next step).
 * - `POST /sys/user/passwordChange {username, password, smscode, phone}` (never GET) — sets the
 *   password, uses the code up, ends the user's sessions; 密码重置完成！.
 */
export function phoneRoutes(app: FastifyInstance, ctx: AppContext, sms: SmsCodeService, registerRole: string | null): void {
  const pub = { config: { public: true }, preHandler: app.authLimit };
  const { db } = ctx;

  app.post<{ Body: Body }>('/sys/sms', pub, async (req) => {
    const mobile = str(req.body?.mobile);
    const mode = str(req.body?.smsmode);
    if (!mobile) throw new BizError(SMS_TEXT.mobileRequired);
    check(mobile, FORM_RULES.mobile);
    if (!['0', '1', '2'].includes(mode)) throw new BizError(SMS_TEXT.badMode);
    const user = await userByPhone(db, mobile).catch(() => undefined);
    // whether the phone has a (usable) account is never told: the code is only not sent
    const usable = !!user && user.del_flag !== 1 && user.status !== 2;
    await sms.send(mobile, mode, clientIp(req), mode === '1' ? !user : usable);
    return okMessage(SMS_TEXT.sent);
  });

  app.post<{ Body: Body }>('/sys/phoneLogin', pub, async (req) => {
    const mobile = str(req.body?.mobile);
    check(mobile, FORM_RULES.mobile);
    if (!str(req.body?.captcha)) throw new BizError(SMS_TEXT.codeRequired);
    const wrong = { expired: SMS_TEXT.wrongCode, wrong: SMS_TEXT.wrongCode };
    const codeId = await sms.verify(mobile, '0', req.body?.captcha, wrong);
    const user = await userByPhone(db, mobile);
    if (!user) throw new BizError(SMS_TEXT.noUserForPhone);
    // the login lock set by wrong passwords also holds for the phone sign-in (login-lock.ts)
    await loginLockOf(ctx).assertOpen(user.username, clientIp(req));
    assertUsable(user);
    await sms.consume(codeId, SMS_TEXT.wrongCode);
    const payload = await loginPayload(ctx, user, clientIp(req), `用户名: ${user.username},登录成功！`);
    return ok(payload, '登录成功');
  });

  app.post<{ Body: Body }>('/sys/user/register', pub, async (req) => {
    const body = req.body ?? {};
    const phone = str(body.phone);
    const username = str(body.username) || phone;
    const password = typeof body.password === 'string' ? body.password : '';
    const email = str(body.email);
    check(username, FORM_RULES.username);
    check(password, FORM_RULES.newPassword);
    assertNotCommon(password);
    check(phone, FORM_RULES.mobile);
    check(email, FORM_RULES.email);
    if (!str(body.smscode)) throw new BizError(SMS_TEXT.codeRequired);
    // the code first: only the holder of the phone learns whether a name, phone or e-mail is taken
    const codeId = await sms.verify(phone, '1', body.smscode, { expired: SMS_TEXT.codeExpired, wrong: SMS_TEXT.wrongCode });
    if (await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst())
      throw new BizError(REGISTER_TEXT.usernameTaken);
    if (await userByPhone(db, phone)) throw new BizError(REGISTER_TEXT.phoneTaken);
    if (email && (await active(db).where('email', '=', email).executeTakeFirst())) throw new BizError(REGISTER_TEXT.emailTaken);
    const hash = await hashPassword(password);
    const role = registerRole
      ? await db.selectFrom('sys_role').select('id').where('role_code', '=', registerRole).executeTakeFirst()
      : undefined;
    await inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'register:' + phone}))`.execute(trx);
      if (await active(trx).where('phone', '=', phone).executeTakeFirst()) throw new BizError(REGISTER_TEXT.phoneTaken);
      await sms.consume(codeId, SMS_TEXT.codeExpired, trx);
      const id = newId();
      await trx
        .insertInto('sys_user')
        .values({
          id,
          username,
          realname: username,
          password: hash,
          phone,
          email: email || null,
          status: 1,
          del_flag: 0,
          user_identity: 1,
          login_fail_count: 0,
          create_by: username,
          create_time: formatDateTime(),
        })
        .execute();
      if (role) await trx.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: role.id }).execute();
    });
    await writeLog(db, { logType: LOG_TYPE.operation, operateType: 2, content: `用户注册: ${username}`, username, ip: clientIp(req) });
    return ok(null, REGISTER_TEXT.registered);
  });

  app.post<{ Body: Body }>('/sys/user/phoneVerification', pub, async (req) => {
    const phone = str(req.body?.phone);
    check(phone, FORM_RULES.mobile);
    if (!str(req.body?.smscode)) throw new BizError(SMS_TEXT.codeRequired);
    await sms.verify(phone, '2', req.body?.smscode, { expired: SMS_TEXT.wrongCode, wrong: SMS_TEXT.wrongCode });
    const user = await userByPhone(db, phone);
    if (!user) throw new BizError(SMS_TEXT.noUserForPhone);
    return ok({ smscode: str(req.body?.smscode), username: user.username });
  });

  const passwordChange = async (req: FastifyRequest, input: Body) => {
    const username = str(input.username);
    const password = typeof input.password === 'string' ? input.password : '';
    const phone = str(input.phone);
    if (!username || !password || !str(input.smscode) || !phone) throw new BizError(REGISTER_TEXT.resetFailed);
    check(password, FORM_RULES.newPassword);
    assertNotCommon(password);
    const codeId = await sms.verify(phone, '2', input.smscode, { expired: SMS_TEXT.smsExpired, wrong: SMS_TEXT.smsMismatch });
    const user = await active(db).where('username', '=', username).where('phone', '=', phone).executeTakeFirst();
    if (!user) throw new BizError(REGISTER_TEXT.userNotFound);
    const hash = await hashPassword(password);
    await inTransaction(db, async (trx) => {
      await sms.consume(codeId, SMS_TEXT.smsExpired, trx);
      await trx
        .updateTable('sys_user')
        .set({ password: hash, login_fail_count: 0, lock_until: null, update_by: username, update_time: formatDateTime() })
        .where('id', '=', user.id)
        .execute();
      // a reset password ends every session of the account and its login lock
      await trx.deleteFrom('sys_user_token').where('user_id', '=', user.id).execute();
      await loginLockOf(ctx).clear(user.username, trx);
    });
    ctx.tokens.forgetUser(user.id);
    await writeLog(db, {
      logType: LOG_TYPE.operation,
      operateType: 3,
      content: `重置 ${username} 的密码（手机验证码）`,
      username,
      realname: user.realname,
      ip: clientIp(req),
    });
    return okMessage(REGISTER_TEXT.passwordReset);
  };
  // never by GET: the new password and the code would sit in URLs (logs, histories, Referer)
  app.post<{ Body: Body }>('/sys/user/passwordChange', pub, (req) => passwordChange(req, req.body ?? {}));
}
