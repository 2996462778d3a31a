import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, client, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';

let server: StartedServer;
beforeAll(async () => {
  server = await startTestServer({ captchaEnabled: true, seedDemo: false });
});
afterAll(async () => {
  await server?.close();
});

describe('login captcha (api-contract §2.1)', () => {
  it('serves an image per key and needs the right code, once, answering 412 when wrong', async () => {
    const c = client(server);
    const img = await c.get('/sys/randomImage/1700000000001');
    expect(img.body.success).toBe(true);
    expect(img.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = await server.captchas.peek('1700000000001');
    expect(code).toMatch(/^[a-z0-9]{4}$/);

    const missing = await c.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(missing.body).toMatchObject({ success: false, message: '验证码无效' });
    const wrong = await c.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD, captcha: 'zzzz', checkKey: '1700000000001' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });

    await c.get('/sys/randomImage/1700000000002');
    const right = (await server.captchas.peek('1700000000002'))!;
    const ok = await c.post('/sys/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
      captcha: right.toUpperCase(),
      checkKey: '1700000000002',
    });
    expect(ok.body).toMatchObject({ success: true, code: 200 });
    const reused = await c.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD, captcha: right, checkKey: '1700000000002' });
    expect(reused.body.code).toBe(412);
  });
});
