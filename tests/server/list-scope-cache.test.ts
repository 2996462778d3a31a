import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';
import { count, permId, roleId, signedIn, type Client } from './sys-admin-helpers.js';

// The list scope of a user (data rules, department org codes) is
// cached with the grants so a list request reads none of it from the database — and every
// change to what it is read from applies on the very next request, wherever the write comes
// from (routes, the generic engine, or any other statement through the app's database).
let server: StartedServer;
let admin: Client;
let wangfang: Client;
let menuId: string;
const table = 'fin_bank_account';
const list = (c: Client, query: Record<string, string | number> = {}) =>
  c.get(`/online/cgform/api/getData/${table}`, { pageSize: 2, ...query }).then((r) => r.body.result as { total: number; records: Row[] });
type Row = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  wangfang = await signedIn(server, 'wangfang');
  menuId = await permId(server, `/online/cgformList/${table}`);
}, 120_000);
afterAll(async () => server?.close());

/** Adds an active rule on the bank-account menu and grants it to the finance role (wangfang's). */
async function grantRule(rule: { ruleColumn: string; ruleConditions: string; ruleValue: string }): Promise<string> {
  const add = await admin.post('/sys/permission/addPermissionRule', { permissionId: menuId, ruleName: '范围', status: '1', ...rule });
  expect(add.body.success).toBe(true);
  const granted = await admin.post('/sys/role/datarule', {
    permissionId: menuId,
    roleId: await roleId(server, 'finance'),
    dataRuleIds: add.body.result,
  });
  expect(granted.body.success).toBe(true);
  return (
    await server.ctx.db
      .selectFrom('sys_permission_data_rule')
      .select('id')
      .where('permission_id', '=', menuId)
      .where('rule_name', '=', '范围')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('cached list scope', () => {
  it('a rule changed through the API or by any other write applies on the next request', async () => {
    const all = (await list(wangfang)).total;
    expect(all).toBeGreaterThan(4);
    // the scope is cached now; the admin's unscoped count of the same filter is a different cache entry
    const own = await count(server, table, 'create_by', 'wangfang');
    expect(own).toBeLessThan(all);
    const ruleId = await grantRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    expect((await list(wangfang)).total).toBe(own);
    // page 2 of 2-row pages needs the count: per scope, never the other user's total
    expect((await list(wangfang, { pageNo: 2 })).total).toBe(own);
    expect((await list(admin, { pageNo: 2 })).total).toBe(all);
    expect((await list(wangfang, { pageNo: 2 })).total).toBe(own);

    // a write that no route invalidates explicitly (straight through the app's database)
    const creator = (
      await sql<{ who: string; n: number }>`select create_by as who, count(*)::int as n from ${sql.table(table)}
        where create_by <> 'wangfang' group by create_by order by n desc limit 1`.execute(server.ctx.db)
    ).rows[0];
    expect(creator.n).toBeGreaterThan(0);
    expect(creator.n).not.toBe(own);
    await server.ctx.db.updateTable('sys_permission_data_rule').set({ rule_value: creator.who }).where('id', '=', ruleId).execute();
    expect((await list(wangfang)).total).toBe(creator.n);
    const page = await list(wangfang, { pageSize: 100 });
    expect(page.records.length).toBe(Math.min(creator.n, 100));
    expect(page.records.every((r) => r.create_by === creator.who)).toBe(true);

    // a raw SQL write too
    await sql`update sys_permission_data_rule set status = '0' where id = ${ruleId}`.execute(server.ctx.db);
    expect((await list(wangfang)).total).toBe(all);
    await sql`delete from sys_permission_data_rule where id = ${ruleId}`.execute(server.ctx.db);
    expect((await list(wangfang)).total).toBe(all);
  });

  it('a change of the user’s departments applies on the next request', async () => {
    const orgs = (
      await sql<{ code: string; n: number }>`select sys_org_code as code, count(*)::int as n from ${sql.table(table)}
        where sys_org_code is not null group by sys_org_code order by n desc, code`.execute(server.ctx.db)
    ).rows;
    expect(orgs.length).toBeGreaterThan(0);
    const departOf = async (orgCode: string) =>
      (await server.ctx.db.selectFrom('sys_depart').select('id').where('org_code', '=', orgCode).executeTakeFirst())?.id;
    const first = orgs.find((o) => o.code)!;
    const firstDepart = await departOf(first.code);
    expect(firstDepart).toBeTruthy();
    // another department: one that owns rows too when there is one
    const second = orgs.find((o) => o.code !== first.code && o.n !== first.n);
    const other = await server.ctx.db
      .selectFrom('sys_depart')
      .select(['id', 'org_code'])
      .where('org_code', second ? '=' : '<>', second?.code ?? first.code)
      .executeTakeFirstOrThrow();
    const otherRows = await count(server, table, 'sys_org_code', other.org_code);
    expect(otherRows).not.toBe(first.n);

    const user = await server.ctx.db.selectFrom('sys_user').select('id').where('username', '=', 'wangfang').executeTakeFirstOrThrow();
    const moveTo = async (depId: string) => {
      await server.ctx.db.deleteFrom('sys_user_depart').where('user_id', '=', user.id).execute();
      await server.ctx.db
        .insertInto('sys_user_depart')
        .values({ id: `t-${depId}`, user_id: user.id, dep_id: depId })
        .execute();
    };
    await moveTo(firstDepart!);
    const ruleId = await grantRule({ ruleColumn: 'sysOrgCode', ruleConditions: 'in', ruleValue: '#{sys_multi_org_code}' });
    expect((await list(wangfang)).total).toBe(first.n);
    await moveTo(other.id);
    expect((await list(wangfang)).total).toBe(otherRows);
    // the rule also holds for a single row outside the scope
    const outside = (
      await sql<{ id: string }>`select id from ${sql.table(table)} where sys_org_code = ${first.code} limit 1`.execute(server.ctx.db)
    ).rows[0].id;
    expect((await wangfang.get(`/online/cgform/api/form/${table}/${outside}`)).body.success).toBe(false);
    await admin.del('/sys/permission/deletePermissionRule', { id: ruleId });
  });
});
