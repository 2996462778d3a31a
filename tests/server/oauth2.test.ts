import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer } from './harness.js';
import { signInAtProvider, startTestProvider, type TestProvider } from './oidc-provider.js';
import type { StartedServer } from '../../src/server/start.js';
import { loadOAuth2Settings } from '../../src/server/modules/signin/oauth2-client.js';

/** The registered callback: the test hands the provider's redirect to the server by inject. */
const REDIRECT_URI = 'http://127.0.0.1:18099/jeecg-boot/sys/thirdLogin/oauth2/oidc/callback';
const ENV_KEYS = ['OAUTH2_ISSUER', 'OAUTH2_CLIENT_ID', 'OAUTH2_CLIENT_SECRET', 'OAUTH2_REDIRECT_URI', 'OAUTH2_NAME'];

let provider: TestProvider;
let server: StartedServer;

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URI);
  Object.assign(process.env, {
    OAUTH2_ISSUER: provider.issuer,
    OAUTH2_CLIENT_ID: provider.clientId,
    OAUTH2_CLIENT_SECRET: provider.clientSecret,
    OAUTH2_REDIRECT_URI: REDIRECT_URI,
    OAUTH2_NAME: '测试身份认证',
  });
  server = await startTestServer();
});
afterAll(async () => {
  for (const k of ENV_KEYS) delete process.env[k];
  await server?.close();
  await provider?.close();
});

const base = () => server.ctx.config.apiBase;

/** Starts a flow at our server: returns the provider URL and the state cookie it set. */
async function start(redirect?: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${base()}/sys/thirdLogin/oauth2/oidc/login`,
    query: redirect ? { redirect } : undefined,
  });
  expect(res.statusCode).toBe(302);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  expect(cookie).toMatch(/^obo_oauth2_oidc=/);
  expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
  return { location: String(res.headers.location), cookie };
}

/** Hands the provider's redirect to our callback (as the browser would) and returns where it sends the browser. */
async function callback(back: URL, cookie?: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${base()}/sys/thirdLogin/oauth2/oidc/callback${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), 'http://app.local');
}

describe('third-party sign-in with OpenID Connect (authorization code flow)', () => {
  it('lists the configured provider for the login button', async () => {
    const res = await client(server).get('/sys/thirdLogin/sources');
    expect(res.body).toMatchObject({ success: true, result: [{ source: 'oidc', name: '测试身份认证' }] });
  });

  it('signs in end to end: provider sign-in, code redeemed, user mapped by username claim, ticket exchanged once for the login payload', async () => {
    provider.accounts.set('idp-7001', { preferred_username: 'wangfang', name: '王芳' });
    const { location, cookie } = await start('/isystem/user');
    const auth = new URL(location);
    expect(auth.origin).toBe(provider.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);

    const back = await signInAtProvider(location, 'idp-7001');
    expect(back.searchParams.get('code')).toBeTruthy();
    const app = await callback(back, cookie);
    expect(app.pathname).toBe('/oauth2-app/login');
    expect(app.searchParams.get('thirdType')).toBe('oidc');
    expect(app.searchParams.get('redirect')).toBe('/isystem/user');
    const ticket = app.searchParams.get('oauth2LoginToken')!;
    expect(ticket.length).toBeGreaterThan(30);

    const res = await client(server).get(`/sys/thirdLogin/getLoginUser/${ticket}/oidc`);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(res.body.result.userInfo.username).toBe('wangfang');
    expect(res.body.result.sysAllDictItems.sex.length).toBe(2);
    expect((await client(server, res.body.result.token).get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    const link = await server.ctx.db
      .selectFrom('sys_third_account')
      .selectAll()
      .where('third_user_uuid', '=', 'idp-7001')
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ third_type: 'oidc', realname: '王芳' });

    const replay = await client(server).get(`/sys/thirdLogin/getLoginUser/${ticket}/oidc`);
    expect(replay.body).toMatchObject({ success: false, code: 500, message: '第三方登录凭证无效或已过期，请重新登录' });
  });

  it('follows the link by subject on later sign-ins, even when the username claim changes', async () => {
    provider.accounts.set('idp-7001', { preferred_username: 'somebody_else', name: '王芳' });
    const { location, cookie } = await start();
    const app = await callback(await signInAtProvider(location, 'idp-7001'), cookie);
    const res = await client(server).get(`/sys/thirdLogin/getLoginUser/${app.searchParams.get('oauth2LoginToken')}/oidc`);
    expect(res.body.result.userInfo.username).toBe('wangfang');
  });

  it('refuses a provider account without a local user', async () => {
    const { location, cookie } = await start();
    const app = await callback(await signInAtProvider(location, 'nobody_here_9'), cookie);
    expect(app.pathname).toBe('/oauth2-app/login');
    expect(app.searchParams.get('oauth2Error')).toBe('unbound');
    expect(app.searchParams.get('oauth2LoginToken')).toBeNull();
  });

  it('refuses a callback from another browser (state cookie missing), a replayed state and a provider error', async () => {
    provider.accounts.set('idp-7002', { preferred_username: 'lina' });
    const first = await start();
    const back = await signInAtProvider(first.location, 'idp-7002');
    expect((await callback(back)).searchParams.get('oauth2Error')).toBe('state');
    // the state was consumed by that attempt: the right browser cannot reuse it either
    expect((await callback(back, first.cookie)).searchParams.get('oauth2Error')).toBe('state');

    const second = await start();
    const state = new URL(second.location).searchParams.get('state')!;
    const denied = new URL(`http://x/?error=access_denied&state=${state}`);
    expect((await callback(denied, second.cookie)).searchParams.get('oauth2Error')).toBe('denied');

    const third = await start();
    const good = await signInAtProvider(third.location, 'idp-7002');
    good.searchParams.set('code', 'forged-code');
    expect((await callback(good, third.cookie)).searchParams.get('oauth2Error')).toBe('failed');
    const tickets = await server.ctx.db.selectFrom('sys_login_ticket').selectAll().execute();
    expect(tickets).toEqual([]);
  });

  it('refuses a ticket for another third type and an unknown source', async () => {
    provider.accounts.set('idp-7003', { preferred_username: 'zhoujie' });
    const { location, cookie } = await start();
    const app = await callback(await signInAtProvider(location, 'idp-7003'), cookie);
    const ticket = app.searchParams.get('oauth2LoginToken');
    expect((await client(server).get(`/sys/thirdLogin/getLoginUser/${ticket}/github`)).body.success).toBe(false);
    const unknown = await client(server).get('/sys/thirdLogin/oauth2/github/login');
    expect(unknown.body).toMatchObject({ success: false, message: '不支持的第三方登录类型' });
  });

  it('is off without OAUTH2_ISSUER / OAUTH2_CLIENT_ID', () => {
    expect(loadOAuth2Settings({}, 'x')).toBeNull();
    expect(loadOAuth2Settings({ OAUTH2_ISSUER: 'https://id.example.com', OAUTH2_CLIENT_ID: 'c' }, '统一身份认证')).toMatchObject({
      source: 'oidc',
      scope: 'openid profile',
      usernameClaim: 'preferred_username',
      name: '统一身份认证',
    });
  });
});
