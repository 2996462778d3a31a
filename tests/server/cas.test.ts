import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { parseServiceResponse, loadCasSettings } from '../../src/server/modules/signin/cas-client.js';
import { client, startTestServer } from './harness.js';
import { startFakeCas, type FakeCasServer } from './cas-server.js';

// Single sign-on through CAS (spec 2.1, 2.3, 7.1, 9) against a CAS-protocol server on loopback.

const ORIGIN = 'http://office.example.com';
const SERVICE = `${ORIGIN}/user/cas?redirect=%2Fdashboard%2Fanalysis`;

async function withCas(lenient: boolean): Promise<{ server: StartedServer; cas: FakeCasServer }> {
  const cas = await startFakeCas({ lenient });
  process.env.CAS_SERVER_URL = cas.url;
  process.env.CAS_SERVICE_ORIGIN = ORIGIN;
  try {
    return { server: await startTestServer(), cas };
  } finally {
    delete process.env.CAS_SERVER_URL;
    delete process.env.CAS_SERVICE_ORIGIN;
  }
}

describe('CAS single sign-on', () => {
  let server: StartedServer;
  let cas: FakeCasServer;
  beforeAll(async () => {
    // a lenient CAS server validates a ticket again: the replay refusal below is our server's own
    ({ server, cas } = await withCas(true));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await cas?.close();
  });

  const validate = (ticket: string, service = SERVICE) => client(server).get('/sys/cas/client/validateLogin', { ticket, service });

  it('tells the client that single sign-on is on and where the CAS server is', async () => {
    const res = await client(server).get('/sys/cas/client/config');
    expect(res.body.result).toEqual({ enabled: true, casServerUrl: cas.url, servicePath: '/user/cas' });
  });

  it('signs in with a ticket the CAS server issued for this service: the token works', async () => {
    const ticket = cas.issue('wangfang', SERVICE);
    const res = await validate(ticket);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(res.body.result.userInfo).toMatchObject({ username: 'wangfang', realname: '王芳' });
    expect(res.body.result.userInfo).not.toHaveProperty('password');
    expect(cas.validations.at(-1)).toEqual({ service: SERVICE, ticket });
    const me = await client(server, res.body.result.token).get('/sys/permission/getUserPermissionByToken');
    expect(me.status).toBe(200);
    expect(me.body.success).toBe(true);
  });

  it('refuses a forged ticket, a replayed ticket and a ticket of another service, and issues no session', async () => {
    const sessionsBefore = (await server.ctx.db.selectFrom('sys_user_token').select('id').execute()).length;
    const forged = await validate('ST-forged-0000');
    expect(forged.body).toMatchObject({ success: false, code: 500, message: '单点登录凭证无效或已使用，请重新登录' });
    const ticket = cas.issue('wangfang', SERVICE);
    expect((await validate(ticket)).body.success).toBe(true);
    const replay = await validate(ticket);
    expect(replay.body).toMatchObject({ success: false, message: '单点登录凭证无效或已使用，请重新登录' });
    // the CAS server would have accepted it again: our server never asked
    expect(cas.validations.filter((v) => v.ticket === ticket)).toHaveLength(1);
    const elsewhere = 'http://other-app.example.com/user/cas';
    const foreign = cas.issue('admin', elsewhere);
    expect((await validate(foreign, elsewhere)).body).toMatchObject({ success: false, message: '单点登录服务地址不正确' });
    expect((await validate(cas.issue('admin', SERVICE), `${ORIGIN}/evil`)).body.message).toBe('单点登录服务地址不正确');
    // the request's own Host is not this app's origin: CAS_SERVICE_ORIGIN alone is
    const hostService = 'http://attacker.example.net/user/cas';
    const viaHost = await client(server).raw('GET', '/sys/cas/client/validateLogin', {
      query: { ticket: cas.issue('admin', hostService), service: hostService },
      headers: { host: 'attacker.example.net' },
    });
    expect(viaHost.body).toMatchObject({ success: false, message: '单点登录服务地址不正确' });
    const sessionsAfter = (await server.ctx.db.selectFrom('sys_user_token').select('id').execute()).length;
    expect(sessionsAfter).toBe(sessionsBefore + 1);
  });

  it('refuses a CAS user unknown here or frozen', async () => {
    expect((await validate(cas.issue('nobody', SERVICE))).body.message).toBe('单点登录用户在本系统中不存在，请联系管理员');
    await server.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'zhaomin').execute();
    expect((await validate(cas.issue('zhaomin', SERVICE))).body.message).toBe('该用户已冻结');
    await server.ctx.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'zhaomin').execute();
  });
});

describe('CAS with a strict server and when off', () => {
  it('refuses a ticket the CAS server already consumed; answers not enabled without CAS_SERVER_URL', async () => {
    const { server, cas } = await withCas(false);
    try {
      const ticket = cas.issue('lina', SERVICE);
      // someone else validated it first (the CAS server consumed it)
      await fetch(`${cas.url}/serviceValidate?ticket=${ticket}&service=${encodeURIComponent(SERVICE)}`);
      const res = await client(server).get('/sys/cas/client/validateLogin', { ticket, service: SERVICE });
      expect(res.body).toMatchObject({ success: false, message: '单点登录凭证无效或已使用，请重新登录' });
    } finally {
      await server.close();
      await cas.close();
    }
    const off = await startTestServer();
    try {
      expect((await client(off).get('/sys/cas/client/config')).body.result).toEqual({ enabled: false, servicePath: '/user/cas' });
      const res = await client(off).get('/sys/cas/client/validateLogin', { ticket: 'ST-1', service: SERVICE });
      expect(res.body).toMatchObject({ success: false, message: '未启用单点登录' });
    } finally {
      await off.close();
    }
  }, 240_000);

  it('reads CAS answers strictly', () => {
    expect(parseServiceResponse('not xml <<<')).toEqual({ ok: false, code: 'INVALID_RESPONSE' });
    expect(
      parseServiceResponse(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toEqual({
      ok: false,
      code: 'INVALID_RESPONSE',
    });
    expect(
      parseServiceResponse(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>',
      ),
    ).toEqual({ ok: false, code: 'INVALID_TICKET' });
    expect(loadCasSettings({})).toBeNull();
    expect(loadCasSettings({ CAS_SERVER_URL: 'https://sso.example.com/cas/', CAS_SERVICE_ORIGIN: 'https://office.example.com/' })).toEqual({
      serverUrl: 'https://sso.example.com/cas',
      validateUrl: 'https://sso.example.com/cas',
      timeoutMs: 5000,
      serviceOrigin: 'https://office.example.com',
    });
  });

  it('refuses single sign-on without CAS_SERVICE_ORIGIN (the Host header never stands in): the server does not start', async () => {
    for (const origin of [undefined, '', 'office.example.com', 'https://office.example.com/app', 'ftp://office.example.com']) {
      expect(() => loadCasSettings({ CAS_SERVER_URL: 'https://sso.example.com/cas', CAS_SERVICE_ORIGIN: origin }), String(origin)).toThrow(
        /CAS_SERVICE_ORIGIN/,
      );
    }
    process.env.CAS_SERVER_URL = 'https://sso.example.com/cas';
    try {
      await expect(startTestServer()).rejects.toThrow(
        '已设置 CAS_SERVER_URL（单点登录），但 CAS_SERVICE_ORIGIN 未设置：请将 CAS_SERVICE_ORIGIN 设为本系统对外访问的源地址',
      );
    } finally {
      delete process.env.CAS_SERVER_URL;
    }
  });
});
