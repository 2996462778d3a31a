import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD, startTestServer } from '../server/harness.js';
import { startSecurityServer } from './helpers.js';

// Class 5, abuse-proof limits: wrong passwords are counted atomically per (account, client IP),
// unknown and known names answer alike, forged X-Forwarded-For changes nothing, the sign-in
// endpoints are rate-limited per IP and per account, SMS answers never tell a phone's account.

const loginFrom = (server: StartedServer, username: string, password: string, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/login',
    payload: { username, password },
    remoteAddress: ip,
    headers,
  });

describe('the login lock', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startSecurityServer(); // 5 wrong passwords lock for 10 minutes
  });
  afterAll(async () => server?.close());

  it('the account signs in with its password (the attack has a target)', async () => {
    expect((await loginFrom(server, 'lina', ADMIN_PASSWORD)).json().success).toBe(true);
  });

  it('counts parallel guesses: eight at once lock the account for that address', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => loginFrom(server, 'lina', `guess-${i}`, '10.0.0.66')));
    expect(answers.every((a) => a.json().success === false)).toBe(true);
    const right = (await loginFrom(server, 'lina', ADMIN_PASSWORD, '10.0.0.66')).json();
    expect(right).toMatchObject({ success: false });
    expect(right.message).toMatch(/账号已锁定/);
    expect(right).not.toHaveProperty('result.token');
  });

  it('a stranger’s guesses do not lock the owner out from another address', async () => {
    expect((await loginFrom(server, 'lina', ADMIN_PASSWORD, '10.0.0.7')).json().success).toBe(true);
  });

  it('a forged X-Forwarded-For neither escapes the lock nor is recorded (no proxy is trusted)', async () => {
    const res = (await loginFrom(server, 'lina', ADMIN_PASSWORD, '10.0.0.66', { 'x-forwarded-for': '203.0.113.9' })).json();
    expect(res.message).toMatch(/账号已锁定/);
    const rows = await server.ctx.db.selectFrom('sys_login_failure').select('ip').where('username', '=', 'lina').execute();
    expect(rows.map((r) => r.ip)).toEqual(['10.0.0.66']);
  });

  it('an unknown name answers as a known one: same message, same lock, about the same time', async () => {
    const known = (await loginFrom(server, 'wangfang', 'wrong-1', '10.0.0.8')).json().message;
    const unknown = (await loginFrom(server, 'no_such_user_x', 'wrong-1', '10.0.0.8')).json().message;
    expect(unknown).toBe(known);
    for (let i = 2; i <= 5; i++) await loginFrom(server, 'no_such_user_x', `wrong-${i}`, '10.0.0.8');
    expect((await loginFrom(server, 'no_such_user_x', 'wrong-6', '10.0.0.8')).json().message).toMatch(/账号已锁定/);
    // interleaved, so that the shared machine's load weighs on both alike; medians of 7
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 7; i++)
      for (const [name, into] of [
        ['zhaomin', knownTimes],
        ['nobody_here_y', unknownTimes],
      ] as [string, number[]][]) {
        const s = performance.now();
        await loginFrom(server, name, `t-${i}`, `10.1.0.${i}`);
        into.push(performance.now() - s);
      }
    const median = (t: number[]) => [...t].sort((a, b) => a - b)[3];
    const [k, u] = [median(knownTimes), median(unknownTimes)];
    expect(u).toBeGreaterThan(k * 0.3);
  });
});

describe('rate limits of the sign-in endpoints', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startTestServer({ authRatePerIp: 6, authRatePerAccount: 3 });
  });
  afterAll(async () => server?.close());

  it('per account: the fourth try a minute on one name is refused with 429, from any address', async () => {
    for (let i = 0; i < 3; i++) expect((await loginFrom(server, 'hexue', `x-${i}`, `10.2.0.${i}`)).statusCode).toBe(200);
    const over = await loginFrom(server, 'hexue', ADMIN_PASSWORD, '10.2.0.9');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
  });

  it('per IP: the seventh sign-in call a minute from one address is refused, SMS and registration included', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 4; i++) expect((await loginFrom(server, `name_${i}`, 'x', ip)).statusCode).toBe(200);
    const sms = (mobile: string) =>
      server.app.inject({ method: 'POST', url: '/jeecg-boot/sys/sms', payload: { mobile, smsmode: '1' }, remoteAddress: ip });
    expect((await sms('13900000001')).statusCode).toBe(200);
    expect((await sms('13900000002')).statusCode).toBe(200);
    const register = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/user/register',
      payload: { username: 'rate_user', password: 'Rate2026x', phone: '13900000003', smscode: '123456' },
      remoteAddress: ip,
    });
    expect(register.statusCode).toBe(429);
  });

  it('per IP: CAS ticket validation counts with the other sign-in calls and is refused with 429 over the limit', async () => {
    const ip = '10.6.0.1';
    const validate = (ticket: string) =>
      server.app.inject({
        method: 'GET',
        url: '/jeecg-boot/sys/cas/client/validateLogin',
        query: { ticket, service: 'http://office.example.com/user/cas' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await loginFrom(server, `cas_name_${i}`, 'x', ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await validate(`ST-${i}`)).statusCode).toBe(200);
    const over = await validate('ST-over');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json()).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试' });
  });
});

describe('SMS codes tell nothing about accounts', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => server?.close());

  it('a phone with an account and one without get the same answer for every purpose', async () => {
    const phone = (await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .phone!;
    const send = async (mobile: string, smsmode: string, ip: string) =>
      (await server.app.inject({ method: 'POST', url: '/jeecg-boot/sys/sms', payload: { mobile, smsmode }, remoteAddress: ip })).json();
    for (const mode of ['0', '1', '2']) {
      const a = await send(phone, mode, `10.4.0.${mode}`);
      const b = await send('13811112222', mode, `10.5.0.${mode}`);
      expect({ success: a.success, message: a.message }).toEqual({ success: b.success, message: b.message });
      expect(a).toMatchObject({ success: true, message: '发送成功' });
      await server.ctx.db.deleteFrom('sys_sms_code').execute();
    }
  });
});
