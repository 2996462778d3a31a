import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';

// Route schemas: a malformed request is refused before its handler with the wire policy's
// answer (HTTP 200, success false, code 500, a Chinese message naming the field), JeecgBoot's
// extra query keys pass; the OpenAPI document and its UI are for administrators only.

describe('route schemas and the API documentation', () => {
  let server: StartedServer;
  let admin: ReturnType<typeof client>;
  let staff: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = client(server, await login(server, 'admin'));
    staff = client(server, await login(server, 'wangfang'));
  }, 120_000);
  afterAll(async () => server?.close());
  const base = () => server.ctx.config.apiBase;

  it('refuses a repeated or oversized query value, naming the field, before the handler', async () => {
    const repeated = await server.app.inject({
      method: 'GET',
      url: `${base()}/sys/log/list?pageNo=1&pageNo=2`,
      headers: { 'x-access-token': admin.token! },
    });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toMatchObject({ success: false, code: 500, message: '请求参数不正确：pageNo 应为文本' });
    const long = await admin.get('/sys/log/list', { column: 'x'.repeat(300) });
    expect(long.body).toMatchObject({ success: false, code: 500, message: '请求参数不正确：column 长度不能超过 200' });
  });

  it("tolerates JeecgBoot's extra keys and a page number that is not one (the default page)", async () => {
    const res = await admin.get('/sys/log/list', { _t: 1712345678, pageNo: 'x', column: 'createTime', order: 'desc', anything: 'else' });
    expect(res.body).toMatchObject({ success: true, result: { current: 1 } });
  });

  it('answers a body that is not a JSON object with 请求数据格式不正确', async () => {
    const res = await admin.post('/online/cgform/api/form/fin_bank_account', [1, 2]);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '请求数据格式不正确' });
    const edit = await admin.raw('PUT', '/fin/bankAccount/edit', { body: 'text', headers: { 'content-type': 'application/json' } });
    expect(edit.body).toMatchObject({ success: false, code: 500 });
  });

  it('gives every route a schema for each part of its request: path parameters, a query on reads and deletes, a body on writes', async () => {
    await server.app.ready();
    const spec = server.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
    };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops)) {
        const params = op.parameters ?? [];
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
          if (!params.some((p) => p.in === 'path' && p.name === name)) missing.push(`${method} ${path}: path ${name}`);
        if ((method === 'get' || method === 'delete') && !params.some((p) => p.in === 'query')) missing.push(`${method} ${path}: query`);
        if ((method === 'post' || method === 'put') && !op.requestBody) missing.push(`${method} ${path}: body`);
      }
    expect(missing).toEqual([]);
    expect(Object.keys(spec.paths).length).toBeGreaterThan(200);
  });

  it('takes a JSON object or no body on a write that declares none, and refuses an array before the handler', async () => {
    const none = await admin.put('/sys/sysAnnouncementSend/readAll');
    expect(none.body).toMatchObject({ success: true });
    const array = await admin.post('/sys/setting/save', [{ key: 'x' }]);
    expect(array.body).toMatchObject({ success: false, code: 500, message: '请求数据格式不正确' });
    const text = await admin.raw('POST', '/sys/dict/refleshCache', { body: '"text"', headers: { 'content-type': 'application/json' } });
    expect(text.body).toMatchObject({ success: false, code: 500, message: '请求数据格式不正确' });
  });

  it('publishes the OpenAPI document with each route and its query to administrators only', async () => {
    const doc = await server.app.inject({ method: 'GET', url: `${base()}/v3/api-docs`, headers: { 'x-access-token': admin.token! } });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    const list = spec.paths[`${base()}/sys/log/list`]?.get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'column', 'order']));
    expect(spec.paths[`${base()}/online/cgform/api/form/{code}`]?.post?.requestBody).toBeTruthy();
    expect(Object.keys(spec.paths).length).toBeGreaterThan(150);
    expect(
      (await server.app.inject({ method: 'GET', url: `${base()}/v3/api-docs`, headers: { 'x-access-token': staff.token! } })).statusCode,
    ).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: `${base()}/v3/api-docs` })).statusCode).toBe(401);
  });

  it('serves the browsable UI to a signed-in administrator through a cookie its header set, never a token in the URL', async () => {
    const session = await server.app.inject({
      method: 'POST',
      url: `${base()}/swagger-ui/session`,
      headers: { 'x-access-token': admin.token! },
    });
    expect(session.statusCode).toBe(204);
    const cookie = String(session.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^obo_api_docs=/);
    expect(String(session.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const page = await server.app.inject({ method: 'GET', url: `${base()}/swagger-ui/`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await server.app.inject({ method: 'GET', url: `${base()}/swagger-ui/json`, headers: { cookie } });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths[`${base()}/sys/log/list`]).toBeTruthy();
    expect((await server.app.inject({ method: 'GET', url: `${base()}/swagger-ui/json` })).statusCode).toBe(401);
    // a token in the query string opens nothing and sets no cookie
    const byQuery = await server.app.inject({ method: 'GET', url: `${base()}/swagger-ui/?token=${admin.token}` });
    expect(byQuery.statusCode).toBe(401);
    expect(byQuery.headers['set-cookie']).toBeUndefined();
    expect((await server.app.inject({ method: 'GET', url: `${base()}/v3/api-docs?token=${admin.token}` })).statusCode).toBe(401);
    const staffSession = await server.app.inject({
      method: 'POST',
      url: `${base()}/swagger-ui/session`,
      headers: { 'x-access-token': staff.token! },
    });
    expect(staffSession.statusCode).toBe(403);
    expect(staffSession.headers['set-cookie']).toBeUndefined();
  });
});
