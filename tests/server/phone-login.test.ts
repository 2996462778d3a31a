import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, client, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { LogSmsSender, resetSmsSenderFactory, setSmsSenderFactory, type SmsTemplate } from '../../src/server/modules/sms/sms-sender.js';

/** Codes the test sender received, newest last; `failNext` makes the next send fail. */
const outbox: { mobile: string; template: SmsTemplate; code: string }[] = [];
let failNext = false;

let server: StartedServer;
beforeAll(async () => {
  setSmsSenderFactory(() => ({
    send: async (mobile, template, { code }) => {
      if (failNext) {
        failNext = false;
        throw new Error('gateway down');
      }
      outbox.push({ mobile, template, code });
    },
  }));
  server = await startTestServer();
});
afterAll(async () => {
  resetSmsSenderFactory();
  await server?.close();
});
beforeEach(async () => {
  outbox.length = 0;
  await server.ctx.db.deleteFrom('sys_sms_code').execute();
});

const phoneOf = async (username: string) =>
  (await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', username).executeTakeFirstOrThrow()).phone as string;
const smsRows = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('sys_sms_code')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastCode = () => outbox[outbox.length - 1]?.code;

describe('POST /sys/sms and /sys/phoneLogin', () => {
  it('sends a 6-digit code and signs in with it like /sys/login (code 200, token, userInfo, dictionaries)', async () => {
    const mobile = await phoneOf('wangfang');
    const sent = await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    expect(sent.body).toMatchObject({ success: true, code: 200, message: '发送成功' });
    expect(outbox).toEqual([{ mobile, template: 'login', code: expect.stringMatching(/^\d{6}$/) }]);
    const stored = await server.ctx.db.selectFrom('sys_sms_code').selectAll().executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(lastCode()); // only a hash is kept

    const res = await client(server).post('/sys/phoneLogin', { mobile, captcha: lastCode() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(res.body.result.userInfo.username).toBe('wangfang');
    expect(res.body.result.userInfo).not.toHaveProperty('password');
    expect(res.body.result.sysAllDictItems.sex.length).toBe(2);
    expect(res.body.result.multi_depart).toBe(1);
    const perms = await client(server, res.body.result.token).get('/sys/permission/getUserPermissionByToken');
    expect(perms.status).toBe(200);
    const log = await server.ctx.db
      .selectFrom('sys_log')
      .select('log_content')
      .where('log_content', '=', '用户名: wangfang,登录成功！')
      .execute();
    expect(log.length).toBeGreaterThan(0);
  });

  it('uses a code once only', async () => {
    const mobile = await phoneOf('lina');
    await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    const code = lastCode();
    expect((await client(server).post('/sys/phoneLogin', { mobile, captcha: code })).body.success).toBe(true);
    const again = await client(server).post('/sys/phoneLogin', { mobile, captcha: code });
    expect(again.body).toMatchObject({ success: false, code: 500, message: '手机验证码错误' });
  });

  it('refuses a wrong code, voids the code after five wrong entries, and refuses an expired one', async () => {
    const mobile = await phoneOf('zhoujie');
    await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    const code = lastCode()!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await client(server).post('/sys/phoneLogin', { mobile, captcha: wrong });
      expect(r.body).toMatchObject({ success: false, message: '手机验证码错误' });
    }
    const right = await client(server).post('/sys/phoneLogin', { mobile, captcha: code });
    expect(right.body).toMatchObject({ success: false, message: '手机验证码错误' });

    await server.ctx.db.deleteFrom('sys_sms_code').execute();
    await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    await server.ctx.db
      .updateTable('sys_sms_code')
      .set({ expire_at: Date.now() - 1 })
      .execute();
    const expired = await client(server).post('/sys/phoneLogin', { mobile, captcha: lastCode() });
    expect(expired.body).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(expired.body.result).toBeNull();
  });

  it('limits codes: one a minute and five an hour per mobile, twenty an hour per client', async () => {
    const mobile = await phoneOf('songjia');
    expect((await client(server).post('/sys/sms', { mobile, smsmode: '0' })).body.success).toBe(true);
    const soon = await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    expect(soon.body).toMatchObject({ success: false, code: 500, message: '验证码10分钟内，仍然有效！' });
    expect(outbox.length).toBe(1);
    expect(await smsRows()).toBe(1);
    for (let i = 2; i <= 5; i++) {
      await server.ctx.db
        .updateTable('sys_sms_code')
        .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
        .execute();
      expect((await client(server).post('/sys/sms', { mobile, smsmode: '0' })).body.success).toBe(true);
    }
    await server.ctx.db
      .updateTable('sys_sms_code')
      .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
      .execute();
    const sixth = await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    expect(sixth.body).toMatchObject({ success: false, message: '短信接口请求太多，请稍后再试！' });
    expect(outbox.length).toBe(5);
    // the newest code replaced the older ones
    expect((await client(server).post('/sys/phoneLogin', { mobile, captcha: outbox[0].code })).body.success).toBe(
      outbox[0].code === lastCode(),
    );
    expect((await client(server).post('/sys/phoneLogin', { mobile, captcha: lastCode() })).body.success).toBe(true);

    await server.ctx.db.deleteFrom('sys_sms_code').execute();
    const now = Date.now();
    await server.ctx.db
      .insertInto('sys_sms_code')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          id: `ip-${i}`,
          mobile: `1380000${String(i).padStart(4, '0')}`,
          sms_mode: '1',
          code_hash: 'x',
          ip: '127.0.0.1',
          attempts: 0,
          used: 0,
          created_at: now - 1000,
          expire_at: now + 60_000,
        })),
      )
      .execute();
    const byIp = await client(server).post('/sys/sms', { mobile: await phoneOf('hexue'), smsmode: '0' });
    expect(byIp.body).toMatchObject({ success: false, message: '短信接口请求太多，请稍后再试！' });
  });

  it('answers bad input with clear messages and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ smsmode: '0' }, '手机号不允许为空！'],
      [{ mobile: '12345', smsmode: '0' }, '请输入正确手机号'],
      [{ mobile: '13800000000', smsmode: '9' }, '短信类型不正确'],
    ];
    for (const [body, message] of cases) {
      const r = await client(server).post('/sys/sms', body);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, code: 500, message });
    }
    expect((await client(server).post('/sys/phoneLogin', { mobile: '13800000000' })).body.message).toBe('请输入验证码');
    expect((await client(server).post('/sys/phoneLogin', { captcha: '123456' })).body.message).toBe('请输入手机号');
    expect(await smsRows()).toBe(0);
    expect(outbox).toEqual([]);
  });

  it('never tells whether a phone has an account: the same answer, only no SMS', async () => {
    const before = await smsRows();
    for (const body of [
      { mobile: '13800000001', smsmode: '0' },
      { mobile: '13800000002', smsmode: '2' },
      { mobile: await phoneOf('admin'), smsmode: '1' },
    ]) {
      const r = await client(server).post('/sys/sms', body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ success: true, message: '发送成功' });
    }
    expect(outbox).toEqual([]);
    // stored and limited like a sent code (a second request within the minute is refused alike)
    expect(await smsRows()).toBe(before + 3);
    expect((await client(server).post('/sys/sms', { mobile: '13800000001', smsmode: '0' })).body.message).toBe(
      '验证码10分钟内，仍然有效！',
    );
  });

  it('forgets the code when the SMS gateway fails', async () => {
    failNext = true;
    const r = await client(server).post('/sys/sms', { mobile: await phoneOf('sunli'), smsmode: '0' });
    expect(r.body).toMatchObject({ success: false, message: '短信验证码发送失败,请稍后重试' });
    expect(await smsRows()).toBe(0);
  });

  it('tells a frozen account only after the code was right', async () => {
    const mobile = await phoneOf('hubin');
    await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    await server.ctx.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'hubin').execute();
    try {
      expect(
        (await client(server).post('/sys/phoneLogin', { mobile, captcha: '999999' === lastCode() ? '999998' : '999999' })).body.message,
      ).toBe('手机验证码错误');
      expect((await client(server).post('/sys/phoneLogin', { mobile, captcha: lastCode() })).body.message).toBe('该用户已冻结');
    } finally {
      await server.ctx.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'hubin').execute();
    }
  });

  it('answers a user of several departments multi_depart 2 and a user of several tenants the active ones', async () => {
    await server.ctx.db
      .insertInto('sys_tenant')
      .values([
        {
          id: 9001,
          name: '总部租户',
          status: 1,
          begin_date: null,
          end_date: null,
          create_by: null,
          create_time: null,
          update_by: null,
          update_time: null,
        },
        {
          id: 9002,
          name: '分公司租户',
          status: 1,
          begin_date: null,
          end_date: null,
          create_by: null,
          create_time: null,
          update_by: null,
          update_time: null,
        },
        {
          id: 9003,
          name: '冻结租户',
          status: 0,
          begin_date: null,
          end_date: null,
          create_by: null,
          create_time: null,
          update_by: null,
          update_time: null,
        },
      ])
      .execute();
    await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '9001,9002,9003' }).where('username', '=', 'liuyang').execute();
    const mobile = await phoneOf('liuyang');
    await client(server).post('/sys/sms', { mobile, smsmode: '0' });
    const res = await client(server).post('/sys/phoneLogin', { mobile, captcha: lastCode() });
    expect(res.body.result.multi_depart).toBe(2);
    expect(res.body.result.departs.length).toBe(2);
    expect(res.body.result.tenantList.map((t: { id: number; name: string }) => [t.id, t.name])).toEqual([
      [9001, '总部租户'],
      [9002, '分公司租户'],
    ]);
    const account = await client(server).post('/sys/login', { username: 'liuyang', password: ADMIN_PASSWORD });
    expect(account.body.result.tenantList.length).toBe(2);

    await server.ctx.db.updateTable('sys_tenant').set({ status: 0 }).where('id', '>=', 9001).execute();
    const sessions = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('sys_user_token')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await sessions();
    const frozen = await client(server).post('/sys/login', { username: 'liuyang', password: ADMIN_PASSWORD });
    expect(frozen.body).toMatchObject({ success: false, code: 500, message: '与该用户关联的租户均已被冻结，无法登录！' });
    expect(await sessions()).toBe(before);
  });
});

describe('the default SMS sender', () => {
  it('writes the code to the server log at warn level', async () => {
    const lines: { obj: object; msg: string }[] = [];
    await new LogSmsSender({ warn: (obj, msg) => lines.push({ obj, msg }) }).send('13912345678', 'register', { code: '246810' });
    expect(lines).toEqual([
      { obj: { sms: { mobile: '13912345678', template: 'register', code: '246810' } }, msg: expect.stringContaining('13912345678') },
    ]);
  });
});
