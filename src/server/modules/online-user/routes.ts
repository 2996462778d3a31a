import { sql } from 'kysely';
import { PAGE_LIMIT, likeContains, pagingOf } from '../../http/list-query.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage, toPage } from '../../http/envelope.js';
import { clientIp } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { LOG_TYPE, writeLog } from '../log/log-service.js';

/** The online-users screen: JeecgBoot menu url and button-code prefix (a custom page, no schema). */
export const ONLINE_SCREEN = { menu: '/isystem/online', authPre: 'system:online_user' } as const;

/** Texts of the online-user calls (JeecgBoot's SysUserOnlineController messages). */
export const ONLINE_TEXT = {
  loggedOut: '退出登录成功！',
  tokenRequired: '退出登录失败！',
  tokenInvalid: 'Token无效!',
  forced: (realname: string) => `强制: ${realname}退出成功！`,
} as const;

type Row = Record<string, unknown>;

/**
 * Online users (spec 7.1, 7.2, api-contract §4.5 /sys/online): the active sessions of
 * sys_user_token (used within TOKEN_IDLE_MINUTES). `list` (menu /isystem/online) answers a page
 * of `{id, token, username, realname, avatar, sex, phone, orgCode, ip, loginTime, lastActive,
 * current}` — `token` is the session id, never the access token itself, and is what
 * `forceLogout` takes back. `forceLogout` (POST `{token}` or `{id}`; menu and
 * `system:online_user:force_logout`) deletes the session at once: the next request with that
 * access token gets 401. It writes a login-log line.
 */
export function onlineUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/sys/online/list', async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>) => {
    await ctx.perms.assertMenu(req.user, ONLINE_SCREEN.menu);
    const { pageNo, pageSize } = pagingOf(req.query, PAGE_LIMIT.list);
    const cutoff = formatDateTime(new Date(Date.now() - ctx.config.tokenIdleMinutes * 60_000));
    const name = (req.query.username ?? '').trim().replace(/^\*|\*$/g, '');
    let q = ctx.db.selectFrom('sys_user_token as t').innerJoin('sys_user as u', 'u.id', 't.user_id').where('t.last_active', '>=', cutoff);
    if (name) {
      const like = likeContains(name);
      q = q.where((eb) => eb.or([eb('t.username', 'like', like), eb('u.realname', 'like', like)]));
    }
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q
      .select(['t.id', 't.username', 't.ip', 't.create_time', 't.last_active', 'u.realname', 'u.avatar', 'u.sex', 'u.phone', 'u.org_code'])
      .orderBy('t.last_active', 'desc')
      .orderBy('t.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records = rows.map((r) => ({
      id: r.id,
      token: r.id,
      username: r.username,
      realname: r.realname,
      avatar: r.avatar,
      sex: r.sex,
      phone: r.phone,
      orgCode: r.org_code,
      ip: r.ip,
      loginTime: r.create_time,
      lastActive: r.last_active,
      current: r.id === req.user.tokenId,
    }));
    return ok(toPage(records, total, pageNo, pageSize));
  });

  app.post('/sys/online/forceLogout', async (req: FastifyRequest<{ Body: unknown }>) => {
    await ctx.perms.assertMenu(req.user, ONLINE_SCREEN.menu);
    await ctx.perms.assertButton(req.user, `${ONLINE_SCREEN.authPre}:force_logout`);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
    const given = typeof body.token === 'string' && body.token ? body.token : typeof body.id === 'string' ? body.id : '';
    if (!given) throw new BizError(ONLINE_TEXT.tokenRequired);
    // the list hands out session ids; an access token (JWT) is accepted too, as JeecgBoot does
    const sessionId = given.split('.').length === 3 ? await ctx.tokens.tokenIdOf(given) : given;
    const session = sessionId
      ? await ctx.db
          .selectFrom('sys_user_token as t')
          .innerJoin('sys_user as u', 'u.id', 't.user_id')
          .select(['t.id', 'u.username', 'u.realname'])
          .where('t.id', '=', sessionId)
          .executeTakeFirst()
      : undefined;
    if (!session) throw new BizError(ONLINE_TEXT.tokenInvalid);
    await ctx.tokens.revoke(session.id);
    await writeLog(ctx.db, {
      logType: LOG_TYPE.login,
      content: ONLINE_TEXT.forced(session.realname ?? session.username),
      username: req.user.username,
      realname: req.user.realname,
      ip: clientIp(req),
    });
    return okMessage(ONLINE_TEXT.loggedOut);
  });
}
