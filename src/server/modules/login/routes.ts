import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok, okMessage, BizError } from '../../http/envelope.js';
import { clientIp } from '../../http/case.js';
import { LOG_TYPE, writeLog } from '../log/log-service.js';
import { buildMenuTree, onlineRouteEntries } from '../auth/menu-tree.js';
import { CaptchaStore } from './captcha.js';
import { login } from './login-service.js';

/** Auth endpoints of spec 7.1 / api-contract §2–§3.1. */
export function loginRoutes(app: FastifyInstance, ctx: AppContext, captchas: CaptchaStore): void {
  const pub = { config: { public: true } };

  app.get<{ Params: { key: string } }>('/sys/randomImage/:key', pub, async (req) => {
    if (!ctx.config.captchaEnabled) return ok(null, 'captcha disabled');
    const key = req.params.key;
    if (!key || key.length > 64) throw new BizError('验证码key无效');
    return ok(await captchas.create(key));
  });

  app.post<{ Body: { captcha?: string; checkKey?: string } }>('/sys/checkCaptcha', pub, async (req) => {
    if (!ctx.config.captchaEnabled) return ok(null);
    if (!(await captchas.check(req.body?.checkKey, req.body?.captcha))) throw new BizError('验证码错误', 412);
    return ok(null);
  });

  // rate-limited per client IP and per account name (http/auth-rate-limit.ts)
  app.post<{ Body: Record<string, unknown> }>('/sys/login', { ...pub, preHandler: app.authLimit }, async (req) => {
    const result = await login(ctx, captchas, req.body ?? {}, clientIp(req));
    return ok(result, '登录成功');
  });

  app.all('/sys/logout', pub, async (req) => {
    const token = req.headers['x-access-token'];
    if (typeof token !== 'string' || !token) throw new BizError('退出登录失败！');
    const tokenId = await ctx.tokens.tokenIdOf(token);
    if (!tokenId) throw new BizError('Token无效!');
    const session = await ctx.db.selectFrom('sys_user_token').select(['username']).where('id', '=', tokenId).executeTakeFirst();
    await ctx.tokens.revoke(tokenId);
    if (session)
      await writeLog(ctx.db, {
        logType: LOG_TYPE.login,
        content: `用户名: ${session.username},退出成功！`,
        username: session.username,
        ip: clientIp(req),
      });
    return okMessage('退出登录成功！');
  });

  app.get('/sys/permission/getUserPermissionByToken', async (req) => {
    const grants = await ctx.perms.grantsOf(req.user.id);
    // the hidden online routes join a non-empty menu only: a user without menus still gets the
    // empty answer the clients treat as "no permission"
    const tree = buildMenuTree(grants.rows);
    const menu = tree.length ? [...tree, ...onlineRouteEntries()] : tree;
    const auth = grants.rows
      .filter((r) => r.menu_type === 2 && r.status === '1')
      .flatMap((r) =>
        (r.perms ?? '')
          .split(',')
          .filter(Boolean)
          .map((action) => ({ action, type: r.perms_type ?? '1', describe: r.name ?? '' })),
      );
    const allAuth = await ctx.perms.allRules();
    return ok({ menu, auth, allAuth, sysSafeMode: false });
  });
}
