import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { resetSmsSenderFactory, setSmsSenderFactory } from '../../src/server/modules/sms/sms-sender.js';

const outbox: { mobile: string; code: string }[] = [];
let server: StartedServer;

beforeAll(async () => {
  setSmsSenderFactory(() => ({ send: async (mobile, _t, { code }) => void outbox.push({ mobile, code }) }));
  server = await startTestServer();
});
afterAll(async () => {
  resetSmsSenderFactory();
  await server?.close();
});
beforeEach(() => {
  outbox.length = 0;
});

const codeFor = async (mobile: string, smsmode: string) => {
  const r = await client(server).post('/sys/sms', { mobile, smsmode });
  expect(r.body.success, r.body.message).toBe(true);
  return outbox.filter((o) => o.mobile === mobile).pop()!.code;
};
const userCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('sys_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /sys/user/register', () => {
  it('registers a user with a phone code; the new user signs in with the password', async () => {
    const phone = '13711112222';
    const smscode = await codeFor(phone, '1');
    const res = await client(server).post('/sys/user/register', {
      username: 'newbie_01',
      password: 'Abcd2026x',
      phone,
      smscode,
      email: 'newbie@example.com',
    });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '注册成功' });
    const row = await server.ctx.db.selectFrom('sys_user').selectAll().where('username', '=', 'newbie_01').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone, email: 'newbie@example.com', status: 1, del_flag: 0, realname: 'newbie_01' });
    expect(row.password).not.toBe('Abcd2026x');
    const signIn = await client(server).post('/sys/login', { username: 'newbie_01', password: 'Abcd2026x' });
    expect(signIn.body.success).toBe(true);
    // the code was used up
    const again = await client(server).post('/sys/user/register', {
      username: 'newbie_02',
      password: 'Abcd2026x',
      phone: '13711112223',
      smscode,
    });
    expect(again.body.success).toBe(false);
  });

  it('answers every rule of spec 5.1 and the taken / code cases with their messages, writing nothing', async () => {
    const before = await userCount();
    const phone = '13722223333';
    const smscode = await codeFor(phone, '1');
    const base = { username: 'fresh_user', password: 'Abcd2026x', phone, smscode };
    const adminPhone = (
      await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).phone;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, username: 'a-b' }, '只允许字母、数字、下划线'],
      [{ ...base, username: 'abc' }, '长度6到18个字符'],
      [{ ...base, password: '' }, '密码应由8位或以上的字母和数字组成!'],
      [{ ...base, password: 'abcdefgh' }, '密码应由8位或以上的字母和数字组成!'],
      [{ ...base, phone: '1234' }, '请输入正确手机号'],
      [{ ...base, email: 'not-an-email' }, '邮箱格式不正确'],
      [{ ...base, smscode: '' }, '请输入验证码'],
      [{ ...base, username: 'wangfang' }, '用户名已注册'],
      // a registered phone gets no code, and the code comes first: whether the phone is taken stays unsaid
      [{ ...base, phone: adminPhone }, '手机验证码失效，请重新获取'],
      [{ ...base, email: 'admin@zjzl.com.cn' }, '邮箱已被注册'],
      [{ ...base, phone: '13722224444' }, '手机验证码失效，请重新获取'],
      [{ ...base, smscode: smscode === '000000' ? '000001' : '000000' }, '手机验证码错误'],
    ];
    for (const [body, message] of cases) {
      const r = await client(server).post('/sys/user/register', body);
      expect(r.status).toBe(200);
      expect(r.body, JSON.stringify(body)).toMatchObject({ success: false, code: 500, message });
    }
    expect(await userCount()).toBe(before);
    // the right code still works after the refusals
    expect((await client(server).post('/sys/user/register', base)).body.success).toBe(true);
  });

  it('refuses a code sent for sign-in (codes are bound to their purpose)', async () => {
    const phone = (await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', 'lina').executeTakeFirstOrThrow())
      .phone!;
    const code = await codeFor(phone, '0');
    const r = await client(server).post('/sys/user/register', {
      username: 'other_one',
      password: 'Abcd2026x',
      phone: '13733334444',
      smscode: code,
    });
    expect(r.body.message).toBe('手机验证码失效，请重新获取');
  });
});

describe('forgotten password: /sys/user/phoneVerification then /sys/user/passwordChange', () => {
  it('verifies the phone, sets the new password, ends old sessions; the code works once', async () => {
    const phone = (await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', 'zhangwei').executeTakeFirstOrThrow())
      .phone!;
    const oldToken = await login(server, 'zhangwei');
    const smscode = await codeFor(phone, '2');
    const verified = await client(server).post('/sys/user/phoneVerification', { phone, smscode });
    expect(verified.body).toMatchObject({ success: true, result: { smscode, username: 'zhangwei' } });

    const weak = await client(server).post('/sys/user/passwordChange', { username: 'zhangwei', password: 'short', smscode, phone });
    expect(weak.body).toMatchObject({ success: false, message: '密码应由8位或以上的字母和数字组成!' });
    const wrongUser = await client(server).post('/sys/user/passwordChange', {
      username: 'wangfang',
      password: 'Newpass123',
      smscode,
      phone,
    });
    expect(wrongUser.body).toMatchObject({ success: false, message: '未找到用户！' });
    const missing = await client(server).post('/sys/user/passwordChange', { username: 'zhangwei', password: 'Newpass123', phone });
    expect(missing.body).toMatchObject({ success: false, message: '重置密码失败！' });

    const done = await client(server).post('/sys/user/passwordChange', { username: 'zhangwei', password: 'Newpass123', smscode, phone });
    expect(done.body).toMatchObject({ success: true, code: 200, message: '密码重置完成！' });
    expect((await client(server, oldToken).get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
    expect((await client(server).post('/sys/login', { username: 'zhangwei', password: ADMIN_PASSWORD })).body.success).toBe(false);
    expect((await client(server).post('/sys/login', { username: 'zhangwei', password: 'Newpass123' })).body.success).toBe(true);

    const replay = await client(server).post('/sys/user/passwordChange', { username: 'zhangwei', password: 'Other123x', smscode, phone });
    expect(replay.body).toMatchObject({ success: false, message: '短信验证码失效！' });
  });

  it('refuses a wrong code at both steps', async () => {
    const phone = (await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', 'gaoxiang').executeTakeFirstOrThrow())
      .phone!;
    const smscode = await codeFor(phone, '2');
    const bad = smscode === '123456' ? '654321' : '123456';
    expect((await client(server).post('/sys/user/phoneVerification', { phone, smscode: bad })).body).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
    expect(
      (await client(server).post('/sys/user/passwordChange', { username: 'gaoxiang', password: 'Newpass123', smscode: bad, phone })).body,
    ).toMatchObject({
      success: false,
      message: '短信验证码不匹配！',
    });
  });
});

describe('PUT /sys/user/appEdit (account settings: basic information)', () => {
  it('changes only the caller’s own basic information, with spec 5.1 checks', async () => {
    const token = await login(server, 'machao');
    const c = client(server, token);
    const res = await c.put('/sys/user/appEdit', {
      realname: '马超超',
      sex: '2',
      birthday: '1990-05-06',
      email: 'machao@example.com',
      id: 'someone-else',
    });
    expect(res.body).toMatchObject({ success: true, message: '修改成功！' });
    expect(res.body.result).toMatchObject({ username: 'machao', realname: '马超超', sex: 2, email: 'machao@example.com' });
    expect(res.body.result).not.toHaveProperty('password');
    expect((await c.put('/sys/user/appEdit', { email: 'bad' })).body.message).toBe('邮箱格式不正确');
    expect((await c.put('/sys/user/appEdit', { phone: '123' })).body.message).toBe('请输入正确手机号');
    const taken = (await server.ctx.db.selectFrom('sys_user').select('phone').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .phone;
    expect((await c.put('/sys/user/appEdit', { phone: taken })).body.message).toBe('手机号已存在!');
    expect((await client(server).put('/sys/user/appEdit', { realname: 'x' })).status).toBe(401);
  });
});
