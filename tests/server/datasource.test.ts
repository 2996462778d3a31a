import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import { grantRole } from './ops-helpers.js';
import type { StartedServer } from '../../src/server/start.js';
import { SecretBox, loadSecretKey } from '../../src/server/modules/datasource/secret-box.js';

// Data sources: PostgreSQL settings, passwords encrypted at rest and never answered.

const SECRET = 'S3cret-pass-2026!';

let server: StartedServer;
let admin: ReturnType<typeof client>;
let id = '';

beforeAll(async () => {
  // the closed port and the test PostgreSQL are on this machine: allowed here on purpose
  const pgHost = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).hostname : '127.0.0.1';
  server = await startTestServer({ dataSourceAllowHosts: ['127.0.0.1', pgHost] });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const stored = async (rowId: string) =>
  (await server.ctx.db.selectFrom('sys_data_source').select('db_password').where('id', '=', rowId).executeTakeFirstOrThrow()).db_password;
const count = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('sys_data_source')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('saving a data source', () => {
  it('stores the password encrypted with the install key', async () => {
    const add = await admin.post('/sys/dataSource/add', {
      code: 'report_db',
      name: '报表库',
      dbType: '6',
      dbDriver: 'org.postgresql.Driver',
      dbUrl: 'jdbc:postgresql://127.0.0.1:1/report',
      dbUsername: 'report',
      dbPassword: SECRET,
    });
    expect(add.body).toMatchObject({ success: true });
    id = add.body.result;
    const raw = await stored(id);
    expect(raw).toMatch(/^enc:v1:/);
    expect(raw).not.toContain(SECRET);
    const key = await server.ctx.db.selectFrom('sys_install').select('value').where('key', '=', 'datasource_key').executeTakeFirstOrThrow();
    expect(Buffer.from(key.value, 'base64')).toHaveLength(32);
    expect(new SecretBox(await loadSecretKey(server.ctx.db)).decrypt(raw!)).toBe(SECRET);
  });

  it('never answers the password: list, queryById, the online-form API, options', async () => {
    const answers = [
      await admin.get('/sys/dataSource/list'),
      await admin.get('/sys/dataSource/queryById', { id }),
      await admin.get('/online/cgform/api/getData/sys_data_source'),
      await admin.get(`/online/cgform/api/form/sys_data_source/${id}`),
      await admin.get('/sys/dataSource/options'),
    ];
    for (const a of answers) {
      expect(a.body.success).toBe(true);
      const text = JSON.stringify(a.body);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('enc:v1:');
      expect(text).not.toMatch(/db_?[pP]assword/);
    }
    expect(answers[1].body.result).toMatchObject({ code: 'report_db', dbUsername: 'report' });
    expect(answers[4].body.result).toEqual(
      expect.arrayContaining([{ value: 'report_db', text: '报表库', label: '报表库', title: '报表库' }]),
    );
  });

  it('keeps the stored password when an edit leaves it empty, and re-encrypts a new one', async () => {
    const before = await stored(id);
    expect((await admin.put('/sys/dataSource/edit', { id, name: '报表库（只读）', dbPassword: '' })).body.success).toBe(true);
    expect(await stored(id)).toBe(before);
    expect((await admin.put('/sys/dataSource/edit', { id, dbPassword: 'another-one' })).body.success).toBe(true);
    const after = await stored(id);
    expect(after).not.toBe(before);
    expect(new SecretBox(await loadSecretKey(server.ctx.db)).decrypt(after!)).toBe('another-one');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await count();
    const dup = await admin.post('/sys/dataSource/add', {
      code: 'report_db',
      name: 'x',
      dbType: '6',
      dbUrl: 'jdbc:postgresql://h/db',
      dbUsername: 'u',
    });
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toContain('已存在');
    const missing = await admin.post('/sys/dataSource/add', {
      name: '缺编码',
      dbType: '6',
      dbUrl: 'jdbc:postgresql://h/db',
      dbUsername: 'u',
    });
    expect(missing.body.success).toBe(false);
    expect(await count()).toBe(before);
  });
});

describe('POST /sys/dataSource/testConnection', () => {
  it('fails with a clear message for a closed port, quickly', async () => {
    const started = Date.now();
    const res = await admin.post('/sys/dataSource/testConnection', {
      dbType: '6',
      dbUrl: 'jdbc:postgresql://127.0.0.1:1/postgres',
      dbUsername: 'postgres',
      dbPassword: 'x',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500 });
    expect(res.body.message).toBe('数据库连接失败：连接被拒绝（127.0.0.1:1），请检查地址、端口和数据库是否已启动');
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it('tests a stored data source from its id (the row action)', async () => {
    const res = await admin.post('/sys/dataSource/testConnection', { id });
    expect(res.body.message).toContain('连接被拒绝（127.0.0.1:1）');
  });

  it('refuses urls it cannot test with a clear message', async () => {
    const mysql = await admin.post('/sys/dataSource/testConnection', { dbUrl: 'jdbc:mysql://127.0.0.1:3306/x', dbUsername: 'u' });
    expect(mysql.body).toMatchObject({ success: false });
    expect(mysql.body.message).toContain('目前只支持 PostgreSQL');
    const none = await admin.post('/sys/dataSource/testConnection', {});
    expect(none.body).toMatchObject({ success: false, message: '请输入数据源地址' });
  });

  it.skipIf(!process.env.DATABASE_URL)('connects for real to a running PostgreSQL', async () => {
    const u = new URL(process.env.DATABASE_URL!);
    const res = await admin.post('/sys/dataSource/testConnection', {
      dbUrl: `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`,
      dbUsername: decodeURIComponent(u.username),
      dbPassword: decodeURIComponent(u.password),
    });
    expect(res.body).toMatchObject({ success: true, message: '数据库连接成功' });
    const wrong = await admin.post('/sys/dataSource/testConnection', {
      dbUrl: `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`,
      dbUsername: decodeURIComponent(u.username),
      dbPassword: 'definitely-wrong',
    });
    // a trust-authenticated local server accepts any password; otherwise the message is clear
    if (!wrong.body.success) expect(wrong.body.message).toBe('数据库连接失败：用户名或密码错误');
  });
});

describe('permissions', () => {
  it('refuses a user without the menu (403) and writes nothing', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/dataSource/list')).status).toBe(403);
    expect((await staff.post('/sys/dataSource/testConnection', { id })).status).toBe(403);
    const before = await count();
    expect(
      (await staff.post('/sys/dataSource/add', { code: 'x', name: 'x', dbType: '6', dbUrl: 'jdbc:postgresql://h/d', dbUsername: 'u' }))
        .status,
    ).toBe(403);
    expect(await count()).toBe(before);
  });

  it('lets a reader list data sources (without passwords) but not test or change them', async () => {
    await grantRole(server, 'lina', ['/isystem/dataSource']);
    const reader = client(server, await login(server, 'lina'));
    const list = await reader.get('/sys/dataSource/list');
    expect(list.body.success).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('enc:v1:');
    expect((await reader.post('/sys/dataSource/testConnection', { id })).status).toBe(403);
    const before = await stored(id);
    expect((await reader.put('/sys/dataSource/edit', { id, dbPassword: 'hijack' })).status).toBe(403);
    expect(await stored(id)).toBe(before);
  });
});
