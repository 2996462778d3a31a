import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok } from '../../http/envelope.js';
import { FORM_RULES, validateValue } from '../../../shared/form-rules.js';
import { formatDateTime } from '../../../shared/time.js';
import type { SysUser } from '../../db/tables-org.js';
import { departsOf, userInfoOf } from '../login/user-info.js';
import { ACCOUNT_TEXT } from './texts.js';

type Body = Record<string, unknown>;

/**
 * `PUT|POST /sys/user/appEdit` (JeecgBoot SysUserController.appEdit): the signed-in user edits
 * their own basic information — realname, sex (1|2), birthday (YYYY-MM-DD), phone (spec 5.1,
 * unique: 手机号已存在!), email (spec 5.1, unique: 邮箱已存在!), avatar (an upload path). Only
 * the fields present and non-blank change, and only the caller's own row. Answers 修改成功！ with
 * the new userInfo (account settings, spec 1 "account center and settings").
 * Registered only when no other module serves the path.
 */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const edit = async (req: FastifyRequest<{ Body: Body }>) => {
    const body = req.body ?? {};
    const text = (k: string) =>
      typeof body[k] === 'string' ? (body[k] as string).trim() : body[k] === undefined || body[k] === null ? '' : String(body[k]);
    const set: Partial<SysUser> = {};
    const realname = text('realname');
    if (realname) {
      if (realname.length > 100) throw new BizError(ACCOUNT_TEXT.realnameTooLong);
      set.realname = realname;
    }
    const sex = text('sex');
    if (sex) {
      if (sex !== '1' && sex !== '2') throw new BizError(ACCOUNT_TEXT.badSex);
      set.sex = Number(sex);
    }
    const birthday = text('birthday').slice(0, 10);
    if (birthday) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday) || Number.isNaN(Date.parse(birthday))) throw new BizError(ACCOUNT_TEXT.badBirthday);
      set.birthday = birthday;
    }
    const avatar = text('avatar');
    if (avatar) set.avatar = avatar.slice(0, 255);
    const phone = text('phone');
    const email = text('email');
    for (const [value, rules] of [
      [phone, FORM_RULES.mobile],
      [email, FORM_RULES.email],
    ] as const) {
      const message = value ? validateValue(value, rules) : null;
      if (message) throw new BizError(message);
    }
    const others = ctx.db.selectFrom('sys_user').select('id').where('id', '<>', req.user.id).where('del_flag', '=', 0);
    if (phone) {
      if (await others.where('phone', '=', phone).executeTakeFirst()) throw new BizError(ACCOUNT_TEXT.phoneTaken);
      set.phone = phone;
    }
    if (email) {
      if (await others.where('email', '=', email).executeTakeFirst()) throw new BizError(ACCOUNT_TEXT.emailTaken);
      set.email = email;
    }
    if (Object.keys(set).length) {
      await ctx.db
        .updateTable('sys_user')
        .set({ ...set, update_by: req.user.username, update_time: formatDateTime() })
        .where('id', '=', req.user.id)
        .execute();
      ctx.tokens.forgetUser(req.user.id);
    }
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', req.user.id).executeTakeFirstOrThrow();
    return ok(userInfoOf(user, await departsOf(ctx.db, user.id)), ACCOUNT_TEXT.edited);
  };
  for (const method of ['PUT', 'POST'] as const) {
    if (!app.hasRoute({ method, url: '/sys/user/appEdit' })) app.route({ method, url: '/sys/user/appEdit', handler: edit });
  }
}
