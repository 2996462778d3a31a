import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { computeSign } from '../../src/app/utils/sign.js';
import { DEFAULT_SIGNATURE_SECRET, signTimestamp } from '../../src/shared/sign.js';
import { registerSignCheck } from '../../src/server/http/sign-check.js';

/** api-contract §1.6: our server checks X-Sign on the signed dictionary paths when SIGN_SECRET is set. */
let server: StartedServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ signSecret: DEFAULT_SIGNATURE_SECRET });
  token = await login(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

describe('request signature (X-Sign, X-TIMESTAMP)', () => {
  it('the client computes the documented digest: sorted params, _t dropped, path variable, secret appended', () => {
    expect(computeSign('/sys/dict/loadDict/sex', { keyword: '男', pageSize: 10, _t: 1 })).toBe(
      md5(`{"keyword":"男","pageSize":"10"}${DEFAULT_SIGNATURE_SECRET}`),
    );
    expect(computeSign('/sys/dict/loadDictItem/sys_user,realname,username?key=admin')).toBe(
      md5(`{"key":"admin","x-path-variable":"sys_user,realname,username"}${DEFAULT_SIGNATURE_SECRET}`),
    );
    expect(signTimestamp(new Date(2022, 2, 8, 15, 21, 43))).toBe('20220308152143');
  });

  it('accepts a dictionary call signed by our client, as a JeecgBoot server would', async () => {
    const res = await client(server, token).raw('GET', '/sys/dict/getDictItems/sex', {
      headers: { 'X-Sign': computeSign('/sys/dict/getDictItems/sex'), 'X-TIMESTAMP': signTimestamp() },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.result).toContainEqual({ value: '1', text: '男', title: '男', label: '男' });

    // a table dictionary: the comma path segment is signed as x-path-variable; epoch-ms timestamp
    const query = { keyword: '管理', pageSize: 10 };
    const path = '/sys/dict/loadDict/sys_user,realname,username';
    const searched = await client(server, token).raw('GET', path, {
      query,
      headers: { 'X-Sign': computeSign(path, query), 'X-TIMESTAMP': String(Date.now()) },
    });
    expect(searched.body.message).not.toContain('Sign');
    expect(searched.body.success).toBe(true);
  });

  it('refuses a missing, wrong or stale signature with Sign签名校验失败！ (HTTP 200, code 500)', async () => {
    const missing = await client(server, token).get('/sys/dict/getDictItems/sex');
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ success: false, code: 500, message: 'Sign签名校验失败！' });

    const wrong = await client(server, token).raw('GET', '/sys/dict/getDictItems/sex', {
      headers: { 'X-Sign': computeSign('/sys/dict/getDictItems/sex', { tampered: 1 }), 'X-TIMESTAMP': signTimestamp() },
    });
    expect(wrong.body).toMatchObject({ success: false, message: 'Sign签名校验失败！' });

    const stale = await client(server, token).raw('GET', '/sys/dict/getDictItems/sex', {
      headers: { 'X-Sign': computeSign('/sys/dict/getDictItems/sex'), 'X-TIMESTAMP': signTimestamp(new Date(Date.now() - 10 * 60_000)) },
    });
    expect(stale.body).toMatchObject({ success: false, message: '签名验证失败:X-TIMESTAMP已过期' });
  });

  it('checks only the signed paths', async () => {
    const all = await client(server, token).get('/sys/dict/queryAllDictItems');
    expect(all.body.success).toBe(true);
  });

  it('checks nothing when no secret is configured', async () => {
    const app = Fastify();
    registerSignCheck(app, undefined);
    app.get('/sys/dict/getDictItems/:code', async () => ({ success: true }));
    const res = await app.inject({ method: 'GET', url: '/sys/dict/getDictItems/sex' });
    expect(res.json()).toEqual({ success: true });
    await app.close();
  });
});
