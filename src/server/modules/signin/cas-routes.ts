import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok } from '../../http/envelope.js';
import { clientIp } from '../../http/case.js';
import { assertUsable, loginPayload } from '../login/login-service.js';
import { validateServiceTicket, type CasSettings } from './cas-client.js';
import { CAS_TEXT } from './texts.js';

/** The client route a CAS server sends the browser back to with `ticket` (spec 2.3 login-style path). */
export const CAS_APP_PATH = '/user/cas';
const TICKET_KEEP_MS = 24 * 3_600_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Single sign-on through CAS (spec 2.1, 2.3, 7.1, 9; JeecgBoot's `/sys/cas/client/*`):
 * - `GET /sys/cas/client/config` (public) → `{enabled, casServerUrl?, servicePath}`: whether the
 *   client sends unauthenticated visitors to `{casServerUrl}/login?service=…` and, on logout,
 *   to `{casServerUrl}/logout`;
 * - `GET /sys/cas/client/validateLogin?ticket=ST-…&service=…` (public, under the sign-in rate limit) → the login payload of
 *   /sys/login (token, userInfo, departs …) once the CAS server confirms that the ticket was
 *   issued for `service`. The service must be this application's CAS return path (CAS_SERVICE_ORIGIN
 *   + /user/cas; never the request's Host header, which the caller chooses), so a ticket issued to another application is refused; a
 *   ticket is presented once (its hash is kept), so a replayed ticket is refused even by a
 *   lenient CAS server. Refusals are business errors with a clear message; an unreachable CAS
 *   server answers 单点登录服务器暂时无法访问.
 */
export function casRoutes(app: FastifyInstance, ctx: AppContext, settings: CasSettings | null): void {
  const pub = { config: { public: true } };

  app.get('/sys/cas/client/config', pub, async () =>
    ok(
      settings
        ? { enabled: true, casServerUrl: settings.serverUrl, servicePath: CAS_APP_PATH }
        : { enabled: false, servicePath: CAS_APP_PATH },
    ),
  );

  const ownService = (cas: CasSettings, raw: string): boolean => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    return url.origin === cas.serviceOrigin && url.pathname === CAS_APP_PATH && !url.searchParams.has('ticket');
  };

  // under the sign-in rate limit (http/auth-rate-limit.ts): each call writes a ticket row and asks the CAS server
  app.get<{ Querystring: { ticket?: string; service?: string } }>(
    '/sys/cas/client/validateLogin',
    { ...pub, preHandler: app.authLimit },
    async (req) => {
      if (!settings) throw new BizError(CAS_TEXT.notEnabled);
      const ticket = typeof req.query.ticket === 'string' ? req.query.ticket.trim() : '';
      const service = typeof req.query.service === 'string' ? req.query.service : '';
      if (!ticket || ticket.length > 512) throw new BizError(CAS_TEXT.ticketRequired);
      if (!ownService(settings, service)) throw new BizError(CAS_TEXT.badService);
      const now = Date.now();
      await ctx.db
        .deleteFrom('sys_cas_ticket')
        .where('used_at', '<', now - TICKET_KEEP_MS)
        .execute();
      const first = await ctx.db
        .insertInto('sys_cas_ticket')
        .values({ id: sha256(ticket), used_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!first) throw new BizError(CAS_TEXT.badTicket);
      let answer;
      try {
        answer = await validateServiceTicket(settings, ticket, service);
      } catch (err) {
        req.log.warn({ cas: (err as Error).message }, 'CAS server unreachable');
        throw new BizError(CAS_TEXT.unreachable);
      }
      if (!answer.ok) {
        req.log.warn({ cas: answer.code }, 'CAS ticket refused');
        throw new BizError(CAS_TEXT.badTicket);
      }
      const user = await ctx.db
        .selectFrom('sys_user')
        .selectAll()
        .where('username', '=', answer.user)
        .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
        .executeTakeFirst();
      if (!user) throw new BizError(CAS_TEXT.unknownUser);
      assertUsable(user);
      return ok(await loginPayload(ctx, user, clientIp(req), `用户名: ${user.username},登录成功[单点登录]！`), CAS_TEXT.loggedIn);
    },
  );
}
