import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { StartedServer } from '../../src/server/start.js';
import { syncScreenTable } from '../../src/server/online/ddl.js';
import { account, client, inTenant, leaked, login, menuOf, plant, startSecurityServer, type Client } from './helpers.js';

// Class 2, tenants everywhere: sub rows follow their main row's tenant and scope, a user of
// some tenants never falls back to tenant 0, a user administrator sees only their tenant's users.
let server: StartedServer;
let admin: Client;
let clerk: Client; // tenant 1000 only, may read and edit 安全测试订单 and add its lines
const api = '/online/cgform/api';

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
  // an order of tenant 0 (no tenant) with a confidential line
  await plant(server, 'sec_order', { id: 'o0', order_no: 'T0-ORDER' });
  await plant(server, 'sec_order_line', { id: 'l0', order_id: 'o0', item_name: 'T0-CONFIDENTIAL-LINE' });
  await plant(server, 'sec_secret', { id: 's0', name: 'T0-NOTE', code: 'T0' });
  await plant(server, 'sec_secret', { id: 's1', name: 'T1000-NOTE', code: 'T1000', tenant_id: 1000 });
  clerk = await account(server, admin, 'clerk01', {
    menus: [menuOf('sec_order'), menuOf('sec_secret')],
    buttons: ['sec:order:add', 'sec:order:edit'],
    tenants: [1000],
  });
});
afterAll(async () => server?.close());

const lineCount = async (orderId: string) =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from sec_order_line where order_id = ${orderId}`.execute(server.ctx.db)).rows[0].n,
  );

describe('sub rows follow their main row', () => {
  it('the other tenant’s sub rows exist (the attack has a target)', async () => {
    const own = await admin.get(`${api}/subform/list/sec_order_line/o0`);
    expect(own.body.result.map((r: { item_name: string }) => r.item_name)).toEqual(['T0-CONFIDENTIAL-LINE']);
  });

  it('subform/list, subform, the sub list and detail give nothing of another tenant’s main row', async () => {
    const c = inTenant(clerk, 1000);
    for (const url of [
      `${api}/subform/list/sec_order_line/o0`,
      `${api}/subform/sec_order_line/o0`,
      `${api}/getData/sec_order_line`,
      `${api}/form/sec_order_line/l0`,
    ]) {
      const res = await c.get(url);
      expect(leaked(res.body, 'T0-CONFIDENTIAL-LINE'), url).toEqual([]);
    }
  });

  it('a sub row added directly under another tenant’s main row is refused, nothing written', async () => {
    const res = await inTenant(clerk, 1000).post(`${api}/form/sec_order_line`, { order_id: 'o0', item_name: 'INJECTED' });
    expect(res.body).toMatchObject({ success: false, message: '未找到对应的主表数据' });
    expect(await lineCount('o0')).toBe(1);
  });

  it('sub rows saved with the main form carry the main row’s tenant', async () => {
    const res = await inTenant(clerk, 1000).post(`${api}/form/sec_order`, {
      order_no: 'T1000-ORDER',
      sec_order_line: [{ item_name: '明细一' }],
    });
    expect(res.body.success).toBe(true);
    const rows = await sql<{ tenant_id: number }>`select tenant_id from sec_order_line where order_id = ${res.body.result}`.execute(
      server.ctx.db,
    );
    expect(rows.rows.map((r) => Number(r.tenant_id))).toEqual([1000]);
    const mine = await inTenant(clerk, 1000).get(`${api}/subform/list/sec_order_line/${res.body.result}`);
    expect(mine.body.result.map((r: { item_name: string }) => r.item_name)).toEqual(['明细一']);
  });
});

describe('no fallback to tenant 0', () => {
  it('a user of tenant 1000 who sends no tenant header still works in tenant 1000', async () => {
    const noHeader = await clerk.get(`${api}/getData/sec_secret`, { pageSize: 50 });
    expect(noHeader.body.result.records.map((r: { code: string }) => r.code)).toEqual(['T1000']);
    const zero = await clerk.raw('GET', `${api}/getData/sec_secret`, { query: { pageSize: '50' }, headers: { 'tenant-id': '0' } });
    expect(leaked(zero.body, 'T0-NOTE')).toEqual([]);
  });
});

describe('users of a tenant', () => {
  it('a user administrator working in tenant 1000 lists only that tenant’s users', async () => {
    await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: '1000' }).where('username', 'in', ['zhaomin']).execute();
    const uadmin = await account(server, admin, 'uadmin01', { menus: ['/isystem/user'], tenants: [1000] });
    const all = await admin.get('/sys/user/list', { pageSize: 200 });
    expect(all.body.result.records.map((r: { username: string }) => r.username)).toContain('wangfang');
    const list = await inTenant(uadmin, 1000).get('/sys/user/list', { pageSize: 200 });
    const names = list.body.result.records.map((r: { username: string }) => r.username);
    expect(names).toContain('zhaomin');
    expect(names).not.toContain('wangfang');
    const picker = await inTenant(uadmin, 1000).get('/sys/user/queryUserComponentData', { pageSize: 100 });
    expect(picker.body.result.records.map((r: { username: string }) => r.username)).not.toContain('wangfang');
  });
});

describe('online reports of a tenant', () => {
  it('the 银行账户 report and the 用户列表 report answer only the request tenant’s rows', async () => {
    await plant(server, 'fin_bank_account', { account_name: 'T0-SECRET-ACCOUNT', account_no: '62220000', tenant_id: 0 });
    await plant(server, 'fin_bank_account', { account_name: 'T1000-OWN-ACCOUNT', account_no: '62221000', tenant_id: 1000 });
    const rp = '/online/cgreport/api/getData';
    // the row exists and the report shows it to a reader of tenant 0
    const zero = await admin.get(`${rp}/rp_bank_account`, { pageSize: 500 });
    expect(JSON.stringify(zero.body)).toContain('T0-SECRET-ACCOUNT');
    const teller = await account(server, admin, 'teller01', {
      menus: ['/online/cgformList/fin_bank_account', '/isystem/user'],
      tenants: [1000],
    });
    const own = await inTenant(teller, 1000).get(`${rp}/rp_bank_account`, { pageSize: 500 });
    expect(own.body.success, own.body.message).toBe(true);
    expect(own.body.result.records.map((r: { account_name: string }) => r.account_name)).toEqual(['T1000-OWN-ACCOUNT']);
    const users = await inTenant(teller, 1000).get(`${rp}/rp_user_list`, { pageSize: 500 });
    expect(users.body.success, users.body.message).toBe(true);
    const names = users.body.result.records.map((r: { username: string }) => r.username);
    expect(names).toContain('teller01');
    expect(names).not.toContain('wangfang');
  });
});

describe('unique values per tenant', () => {
  it('the duplicate check and the unique rule see only the request tenant’s values', async () => {
    const keeper = await account(server, admin, 'keeper01', {
      menus: [menuOf('sec_secret')],
      buttons: ['sec:secret:add'],
      tenants: [1000],
    });
    const c = inTenant(keeper, 1000);
    const check = (fieldVal: string) => c.get('/sys/duplicate/check', { tableName: 'sec_secret', fieldName: 'code', fieldVal });
    // tenant 0 holds the code T0 (the admin's check says so), tenant 1000 holds T1000
    const adminCheck = await admin.get('/sys/duplicate/check', { tableName: 'sec_secret', fieldName: 'code', fieldVal: 'T0' });
    expect(adminCheck.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check('T1000')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    // another tenant's value is no oracle, and the tenant may use it for its own row
    expect((await check('T0')).body).toMatchObject({ success: true, message: '该值可用！' });
    const add = await c.post(`${api}/form/sec_secret`, { name: '本租户的T0', code: 'T0' });
    expect(add.body.success, add.body.message).toBe(true);
    const again = await c.post(`${api}/form/sec_secret`, { name: '重复', code: 'T0' });
    expect(again.body).toMatchObject({ success: false });
    expect(again.body.message).toContain('已存在');
    const rows = await sql<{ tenant_id: number }>`select tenant_id from sec_secret where code = 'T0' order by tenant_id`.execute(
      server.ctx.db,
    );
    expect(rows.rows.map((r) => Number(r.tenant_id))).toEqual([0, 1000]);
  });
});

describe('document numbers per tenant', () => {
  it('each tenant counts its own numbers: another tenant’s volume is neither revealed nor consumed', async () => {
    await plant(server, 'sys_fill_rule', {
      rule_name: '安全测试单号',
      rule_code: 'sec_order_no',
      rule_class: 'org.jeecg.modules.system.rule.SerialNumberRule',
      rule_params: '{"prefix":"SO","dateFormat":"","separator":"-"}',
    });
    const other = await account(server, admin, 'clerk1001', { menus: [menuOf('sec_order')], buttons: ['sec:order:add'], tenants: [1001] });
    const orderNo = async (c: ReturnType<typeof inTenant>) => {
      const res = await c.post(`${api}/form/sec_order`, {});
      expect(res.body.success, res.body.message).toBe(true);
      const row = await sql<{ order_no: string }>`select order_no from sec_order where id = ${res.body.result}`.execute(server.ctx.db);
      return row.rows[0].order_no;
    };
    expect(await orderNo(inTenant(clerk, 1000))).toBe('SO-0001');
    expect(await orderNo(inTenant(clerk, 1000))).toBe('SO-0002');
    expect(await orderNo(inTenant(other, 1001))).toBe('SO-0001');
    const next = await inTenant(other, 1001).put('/sys/fillRule/executeRuleByCode/sec_order_no', {});
    expect(next.body.result).toBe('SO-0002');
    expect(await orderNo(inTenant(clerk, 1000))).toBe('SO-0003');
  });
});

describe('unique indexes of existing tables', () => {
  it('an index over the column alone (a table made before) is widened to (tenant_id, column) at sync', async () => {
    const db = server.ctx.db;
    const indexDef = async () =>
      (await sql<{ d: string }>`select indexdef as d from pg_indexes where indexname = 'uk_sec_secret_code'`.execute(db)).rows[0]?.d;
    expect(await indexDef()).toContain('(tenant_id, code)');
    await sql`drop index uk_sec_secret_code`.execute(db);
    await sql`delete from sec_secret where code = 'T0' and tenant_id = 1000`.execute(db);
    await sql`create unique index uk_sec_secret_code on sec_secret (code)`.execute(db);
    await syncScreenTable(db, server.ctx.screens.get('sec_secret')!);
    expect(await indexDef()).toContain('(tenant_id, code)');
  });
});
