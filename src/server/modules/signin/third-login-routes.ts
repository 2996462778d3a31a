import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { SysUser } from '../../db/tables-org.js';
import { BizError, ok } from '../../http/envelope.js';
import { clientIp } from '../../http/case.js';
import { formatDateTime } from '../../../shared/time.js';
import { loginPayload } from '../login/login-service.js';
import { OAuth2Provider, type OAuth2Settings } from './oauth2-client.js';
import { THIRD_TEXT } from './texts.js';

const FLOW_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 2 * 60_000;
/** The client route that finishes a third-party sign-in (spec 2.1). */
export const OAUTH2_APP_PATH = '/oauth2-app/login';

/** Error codes the callback hands to /oauth2-app/login (the page shows the text for each). */
export type OAuth2ErrorCode = 'denied' | 'state' | 'failed' | 'unbound' | 'disabled';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Only same-site absolute paths are kept as the after-login target. */
function safePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw.length > 400) return null;
  return raw;
}

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Third-party sign-in through OAuth2 / OpenID Connect (spec 2.1, 7.1, 8; api-contract §1.5
 * anonymous `/sys/thirdLogin/**`), JeecgBoot's shape with a safe design:
 * - `GET /sys/thirdLogin/sources` → `[{source, name}]` the configured providers (login button);
 * - `GET /sys/thirdLogin/oauth2/{source}/login?redirect=/path` → 302 to the provider, with
 *   state, nonce and PKCE kept in `sys_oauth2_flow` and the state bound to this browser by an
 *   HttpOnly cookie (no login CSRF);
 * - `GET /sys/thirdLogin/oauth2/{source}/callback` → redeems the code, maps the provider's
 *   subject to a local user (link table `sys_third_account`, else the username claim at first
 *   sign-in, then linked) and 302s to `/oauth2-app/login?oauth2LoginToken={ticket}&thirdType=…`;
 *   the ticket is random, single use and valid 2 minutes (never the session token itself);
 *   failures 302 there with `oauth2Error={code}` instead;
 * - `GET /sys/thirdLogin/getLoginUser/{ticket}/{thirdType}` → the login payload of
 *   /sys/login (code 200), or success false 第三方登录凭证无效或已过期，请重新登录.
 */
export function thirdLoginRoutes(app: FastifyInstance, ctx: AppContext, settings: OAuth2Settings | null): void {
  const pub = { config: { public: true } };
  const provider = settings ? new OAuth2Provider(settings) : null;
  const cookieName = (source: string) => `obo_oauth2_${source}`;
  const cookiePath = `${ctx.config.apiBase}/sys/thirdLogin`;
  const providerFor = (source: string): OAuth2Provider => {
    if (!provider) throw new BizError(THIRD_TEXT.notConfigured);
    if (source !== provider.settings.source) throw new BizError(THIRD_TEXT.unknownSource);
    return provider;
  };
  const redirectUri = (req: FastifyRequest, source: string) =>
    settings?.redirectUri ?? `${origin(req)}${ctx.config.apiBase}/sys/thirdLogin/oauth2/${source}/callback`;
  const appUrl = (req: FastifyRequest) => (settings?.redirectUri ? new URL(settings.redirectUri).origin : origin(req)) + OAUTH2_APP_PATH;

  app.get('/sys/thirdLogin/sources', pub, async () =>
    ok(provider ? [{ source: provider.settings.source, name: provider.settings.name }] : []),
  );

  app.get<{ Params: { source: string }; Querystring: { redirect?: string } }>(
    '/sys/thirdLogin/oauth2/:source/login',
    pub,
    async (req, reply) => {
      const p = providerFor(req.params.source);
      const flow = OAuth2Provider.newFlow();
      const target = await p.authorizationUrl(redirectUri(req, p.settings.source), flow);
      const now = Date.now();
      await ctx.db.deleteFrom('sys_oauth2_flow').where('expire_at', '<', now).execute();
      await ctx.db
        .insertInto('sys_oauth2_flow')
        .values({
          state: flow.state,
          source: p.settings.source,
          nonce: flow.nonce,
          code_verifier: flow.codeVerifier,
          redirect: safePath(req.query.redirect),
          expire_at: now + FLOW_TTL_MS,
        })
        .execute();
      reply.setCookie(cookieName(p.settings.source), flow.state, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        maxAge: FLOW_TTL_MS / 1000,
        secure: req.protocol === 'https',
      });
      return reply.redirect(target, 302);
    },
  );

  app.get<{ Params: { source: string }; Querystring: Record<string, string | undefined> }>(
    '/sys/thirdLogin/oauth2/:source/callback',
    pub,
    async (req, reply) => {
      const p = providerFor(req.params.source);
      const source = p.settings.source;
      reply.setCookie(cookieName(source), '', { path: cookiePath, httpOnly: true, sameSite: 'lax', maxAge: 0 });
      const back = (params: Record<string, string>) => {
        const url = new URL(appUrl(req));
        url.searchParams.set('thirdType', source);
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
        return reply.redirect(url.pathname + url.search, 302);
      };
      const fail = (code: OAuth2ErrorCode, detail?: unknown) => {
        req.log.warn(
          { oauth2: { source, code, detail: detail instanceof Error ? detail.message : detail } },
          'third-party sign-in refused',
        );
        return back({ oauth2Error: code });
      };
      const state = req.query.state ?? '';
      const flowRow = state
        ? await ctx.db
            .deleteFrom('sys_oauth2_flow')
            .where('state', '=', state)
            .where('source', '=', source)
            .returningAll()
            .executeTakeFirst()
        : undefined;
      if (req.query.error) return fail('denied', req.query.error);
      if (!flowRow || Number(flowRow.expire_at) < Date.now() || req.cookies[cookieName(source)] !== state) return fail('state');

      let identity;
      try {
        const callbackUrl = new URL(redirectUri(req, source));
        callbackUrl.search = new URLSearchParams(req.query as Record<string, string>).toString();
        identity = await p.redeem(callbackUrl, { state, nonce: flowRow.nonce, codeVerifier: flowRow.code_verifier });
      } catch (err) {
        return fail('failed', err);
      }
      const user = await linkedUser(ctx, p.settings, identity.sub, identity.claims);
      if (!user) return fail('unbound', { sub: identity.sub });
      if (user.del_flag === 1 || user.status === 2) return fail('disabled', { username: user.username });

      const ticket = randomBytes(32).toString('base64url');
      await ctx.db.deleteFrom('sys_login_ticket').where('expire_at', '<', Date.now()).execute();
      await ctx.db
        .insertInto('sys_login_ticket')
        .values({ id: sha256(ticket), user_id: user.id, third_type: source, expire_at: Date.now() + TICKET_TTL_MS })
        .execute();
      return back({ oauth2LoginToken: ticket, ...(flowRow.redirect ? { redirect: flowRow.redirect } : {}) });
    },
  );

  app.get<{ Params: { token: string; thirdType: string } }>('/sys/thirdLogin/getLoginUser/:token/:thirdType', pub, async (req) => {
    const row = await ctx.db.deleteFrom('sys_login_ticket').where('id', '=', sha256(req.params.token)).returningAll().executeTakeFirst();
    if (!row || row.third_type !== req.params.thirdType || Number(row.expire_at) < Date.now()) throw new BizError(THIRD_TEXT.badTicket);
    const user = await ctx.db.selectFrom('sys_user').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user || user.del_flag === 1 || user.status === 2) throw new BizError(THIRD_TEXT.badTicket);
    const payload = await loginPayload(ctx, user, clientIp(req), `用户名: ${user.username},登录成功[第三方用户]！`);
    return ok(payload, '登录成功');
  });
}

/**
 * The local user of a provider subject: through `sys_third_account` (third_type, sub), else —
 * first sign-in — the active user named by the username claim, then linked so later sign-ins
 * follow the subject even if the claim changes. Returns null when neither finds one.
 */
async function linkedUser(
  ctx: AppContext,
  settings: OAuth2Settings,
  sub: string,
  claims: Record<string, unknown>,
): Promise<SysUser | null> {
  const { db } = ctx;
  const link = await db
    .selectFrom('sys_third_account')
    .select(['sys_user_id'])
    .where('third_type', '=', settings.source)
    .where('third_user_uuid', '=', sub)
    .executeTakeFirst();
  if (link?.sys_user_id) {
    return (await db.selectFrom('sys_user').selectAll().where('id', '=', link.sys_user_id).executeTakeFirst()) ?? null;
  }
  const name = claims[settings.usernameClaim];
  if (typeof name !== 'string' || !name) return null;
  const user = await db
    .selectFrom('sys_user')
    .selectAll()
    .where('username', '=', name)
    .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
    .executeTakeFirst();
  if (!user) return null;
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);
  await db
    .insertInto('sys_third_account')
    .values({
      id: newId(),
      sys_user_id: user.id,
      third_type: settings.source,
      third_user_uuid: sub,
      third_user_id: name.slice(0, 255),
      realname: text(claims.name, 100),
      avatar: text(claims.picture, 255),
      status: 1,
      del_flag: 0,
      tenant_id: 0,
      create_by: user.username,
      create_time: formatDateTime(),
      update_by: null,
      update_time: null,
    })
    .onConflict((oc) => oc.columns(['third_type', 'third_user_uuid']).doNothing())
    .execute();
  return user;
}
