import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { startTestServer } from '../server/harness.js';
import { client, login, type Client } from './helpers.js';

// Class 9, headers and origins: security headers on every answer, CORS only for configured
// origins, no data-source test towards this machine, link-local or metadata addresses.

let server: StartedServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

describe('security headers', () => {
  it('every answer carries the CSP, frame, nosniff and referrer headers (API, errors, files)', async () => {
    for (const url of [
      '/jeecg-boot/sys/permission/getUserPermissionByToken',
      '/jeecg-boot/no/such',
      '/jeecg-boot/sys/common/static/x.png',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('CORS', () => {
  it('a foreign origin gets no CORS grant unless CORS_ORIGINS names it', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: '/jeecg-boot/sys/user/list',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-access-token',
      },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const call = await server.app.inject({
      method: 'GET',
      url: '/jeecg-boot/sys/permission/getUserPermissionByToken',
      headers: { origin: 'https://evil.example', 'x-access-token': admin.token! },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('data-source connection test', () => {
  it('refuses loopback, link-local and metadata addresses before connecting', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '169.254.169.254', '0.0.0.0', '[::ffff:127.0.0.1]']) {
      const res = await admin.post('/sys/dataSource/testConnection', {
        dbUrl: `jdbc:postgresql://${host}:5432/postgres`,
        dbUsername: 'postgres',
        dbPassword: 'x',
      });
      expect(res.body, host).toMatchObject({ success: false, message: '不允许连接该地址（本机、链路本地或云元数据地址）' });
    }
  });

  // starts a second server: a start's time on a busy machine
  it('an address DATA_SOURCE_ALLOW_HOSTS names is tried (the connection itself then answers)', { timeout: 300_000 }, async () => {
    const allowed = await startTestServer({ seedDemo: false, dataSourceAllowHosts: ['127.0.0.1'] });
    try {
      const c = client(allowed, await login(allowed, 'admin'));
      const res = await c.post('/sys/dataSource/testConnection', {
        dbUrl: 'jdbc:postgresql://127.0.0.1:1/postgres',
        dbUsername: 'u',
        dbPassword: 'x',
      });
      expect(res.body.message).toContain('连接被拒绝');
    } finally {
      await allowed.close();
    }
  });

  it('a report on a stored data source towards this machine is refused when its pool would open', async () => {
    // storing the settings is allowed (an administrator may prepare them); connecting is not
    const added = await admin.post('/sys/dataSource/add', {
      code: 'loopback',
      name: '本机库',
      dbType: '6',
      dbUrl: 'jdbc:postgresql://127.0.0.1:5432/postgres',
      dbUsername: 'postgres',
      dbPassword: 'x',
    });
    expect(added.body.success).toBe(true);
    const now = '2026-01-01 00:00:00';
    await server.ctx.db
      .insertInto('onl_cgreport_head')
      .values({
        id: 'rp_loopback',
        code: 'rp_loopback',
        name: '本机报表',
        cgr_sql: 'select 1 as n',
        db_source: 'loopback',
        return_val_field: null,
        return_txt_field: null,
        return_type: '1',
        content: null,
        perms: '/online/cgreport',
        source_hash: null,
        create_by: 'admin',
        create_time: now,
        update_by: 'admin',
        update_time: now,
      })
      .execute();
    const res = await admin.get('/online/cgreport/api/getData/rp_loopback');
    expect(res.body).toMatchObject({ success: false, message: '不允许连接该地址（本机、链路本地或云元数据地址）' });
  });
});
