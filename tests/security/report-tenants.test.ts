import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { account, client, inTenant, leaked, login, menuOf, plant, startSecurityServer, type Client } from './helpers.js';

// Class 2, tenants everywhere, on online reports: a report's SQL need not bind #{sysTenantId}
// for its rows to stay in the request's tenant. Every read of a tenant-owned table (business
// tables, sys_user, sys_depart, sys_role) runs as a subquery of the tenant's rows, however the
// SQL names it; a name that cannot be wrapped is refused with a clear message.
let server: StartedServer;
let admin: Client;
let clerk: Client; // tenant 1000, holds 安全测试机密's menu (the reports' permission)

const T0 = 'T0-REPORT-SECRET';
const T1000 = 'T1000-REPORT-OWN';

/** Stores a report over `cgrSql` readable by the holders of 安全测试机密's menu; returns its id. */
async function storeReport(id: string, cgrSql: string, fields: string[] = ['name']): Promise<string> {
  await sql`insert into onl_cgreport_head (id, code, name, cgr_sql, perms, update_by)
    values (${id}, ${id}, ${'租户报表'}, ${cgrSql}, ${menuOf('sec_secret')}, 'admin')`.execute(server.ctx.db);
  for (const [i, f] of fields.entries())
    await sql`insert into onl_cgreport_item (id, cgrhead_id, field_name, field_txt, order_num, is_show)
      values (${`${id}_${i}`}, ${id}, ${f}, ${f}, ${i}, 1)`.execute(server.ctx.db);
  return id;
}

const unbound: [string, string][] = [
  ['rt_plain', 'select name from sec_secret'],
  ['rt_quoted', 'select s.name from "sec_secret" s'],
  ['rt_schema', 'select name from public . sec_secret'],
  ['rt_comment', 'select name from /* x */ sec_secret -- 注释\nwhere 1 = 1'],
  ['rt_sub', 'select name from (select * from sec_secret) z'],
  ['rt_cte', 'with all_rows as (select name from sec_secret) select name from all_rows'],
  ['rt_shadow', 'with sec_secret as (select * from sec_secret) select name from sec_secret'],
  ['rt_union', "select name from sec_secret where code = 'none' union all select name from sec_secret"],
  ['rt_join', 'select b.name from sec_secret a join sec_secret b on true'],
  ['rt_in', 'select (select max(name) from sec_secret where id in (select id from sec_secret)) as name'],
];

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
  await plant(server, 'sec_secret', { id: 'rt0', name: T0, code: 'RT0' });
  await plant(server, 'sec_secret', { id: 'rt1', name: T1000, code: 'RT1000', tenant_id: 1000 });
  for (const [id, text] of unbound) await storeReport(id, text);
  await storeReport('rt_users', 'select username as name, phone from sys_user', ['name', 'phone']);
  await storeReport('rt_unicode', 'select name from U&"sec_secret"');
  clerk = await account(server, admin, 'rtclerk', { menus: [menuOf('sec_secret')], tenants: [1000] });
  await sql`update sys_user set phone = '13900000000' where username = 'admin'`.execute(server.ctx.db);
});
afterAll(async () => server?.close());

const names = (body: { result?: { records?: { name: string }[] } }) => (body.result?.records ?? []).map((r) => r.name);

describe('a report that binds no tenant', () => {
  it('reads the rows of the tenant it runs in (the attack has a target: tenant 0 reads its secret)', async () => {
    const res = await admin.get('/online/cgreport/api/getData/rt_plain', { pageSize: 50 });
    expect(names(res.body)).toContain(T0);
    expect(names(res.body)).not.toContain(T1000);
  });

  it('gives another tenant none of its rows, however the SQL names the table', async () => {
    for (const [id] of unbound) {
      const res = await inTenant(clerk, 1000).get(`/online/cgreport/api/getData/${id}`, { pageSize: 50 });
      // on PostgreSQL each test file has its own schema (harness.ts): `public.sec_secret` names no table there
      const missingInTestSchema = id === 'rt_schema' && !!process.env.DATABASE_URL;
      if (missingInTestSchema) expect(res.body.message).toContain('42P01');
      else expect(res.body.success, `${id}: ${res.body.message}`).toBe(true);
      expect(leaked(res.body, T0), id).toEqual([]);
    }
    const own = await inTenant(clerk, 1000).get('/online/cgreport/api/getData/rt_plain', { pageSize: 50 });
    expect(names(own.body)).toEqual([T1000]);
  });

  it('lists only the tenant’s users from sys_user, never a password', async () => {
    const all = await admin.get('/online/cgreport/api/getData/rt_users', { pageSize: 500 });
    expect(names(all.body)).toContain('admin');
    const res = await inTenant(clerk, 1000).get('/online/cgreport/api/getData/rt_users', { pageSize: 500 });
    expect(names(res.body)).toEqual(['rtclerk']);
    expect(leaked(res.body, '13900000000')).toEqual([]);
  });

  it('refuses a name it cannot wrap with a clear message, nothing read', async () => {
    const res = await inTenant(clerk, 1000).get('/online/cgreport/api/getData/rt_unicode');
    expect(res.body).toMatchObject({
      success: false,
      message: '报表SQL读取租户数据表 sec_secret 的写法无法按租户隔离，请直接写表名（可加别名）',
    });
    expect(leaked(res.body, T0, T1000)).toEqual([]);
  });

  it('the designer’s parse SQL runs the same way', async () => {
    const designer = await account(server, admin, 'rtdesigner', {
      menus: ['/online/cgreport'],
      buttons: ['online:report:edit'],
      tenants: [1000],
    });
    const res = await inTenant(designer, 1000).get('/online/cgreport/head/parseSql', { sql: 'select name from sec_secret order by code' });
    expect(res.body.success, res.body.message).toBe(true);
    expect(leaked(res.body, T0)).toEqual([]);
  });

  it('the seeded reports still run (they bind #{sysTenantId} themselves too)', async () => {
    for (const id of ['rp_user_list', 'rp_bank_account', 'rp_pick_project']) {
      const res = await admin.get(`/online/cgreport/api/getData/${id}`, { pageSize: 5 });
      expect(res.body.success, `${id}: ${res.body.message}`).toBe(true);
    }
  });
});
