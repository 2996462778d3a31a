import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { checkReportSql, PLAN_LIMITS } from '../../src/server/online/cgreport/report-sql.js';
import { client, leaked, login, startSecurityServer, type Client } from './helpers.js';

// Class 7, report SQL by allow-list: relations and functions checked on PostgreSQL's own parse
// tree (no quoting, comment, escape or schema trick hides a name), a time limit on both
// databases, and no database error text in any answer.

let server: StartedServer;
let admin: Client;
const parse = (text: string) => admin.get('/online/cgreport/head/parseSql', { sql: text });

beforeAll(async () => {
  // a short limit for the runaway query below (default 15 s)
  server = await startSecurityServer({ reportTimeoutMs: 1_500 });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

describe('relations and functions by allow-list', () => {
  it('the designer parses a report over a business table and an allowed system table (the target)', async () => {
    const res = await parse('select d.depart_name, count(*) as n from sys_depart d group by d.depart_name');
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    expect(res.body.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['depart_name', 'n']);
    expect((await parse('select title from sec_public')).body.success).toBe(true);
  });

  it('a relation outside the list is refused however it is written, nothing read', async () => {
    // the targets hold rows: the admin's session token, the check rules
    const token = (await sql<{ token: string }>`select id as token from sys_user_token limit 1`.execute(server.ctx.db)).rows[0]?.token;
    expect(token).toBeTruthy();
    expect(
      Number((await sql<{ n: number }>`select count(*)::int as n from sys_check_rule`.execute(server.ctx.db)).rows[0].n),
    ).toBeGreaterThan(0);
    const attacks: [string, string][] = [
      ['select * from "sys_user_token"', 'sys_user_token'],
      ['select * from public.sys_user_token', 'sys_user_token'],
      ['select * from sys_user_token/**/', 'sys_user_token'],
      ['select rule_json from "public"."sys_check_rule"', 'public.sys_check_rule'],
      ['select rule_json from sys_check_rule', 'sys_check_rule'],
      ['select name, setting from pg_catalog.pg_settings', 'pg_catalog.pg_settings'],
      ['select * from information_schema.tables', 'information_schema.tables'],
      ['with x as (select * from sys_data_source) select * from x', 'sys_data_source'],
    ];
    for (const [text, name] of attacks) {
      const res = await parse(text);
      // refused by the parse tree's allow-list, or already by the text check of credential tables
      expect(res.body, text).toMatchObject({ success: false, code: 500 });
      expect([`报表不能读取 ${name}（只能读取业务表和允许的系统表）`, '报表不能读取密码等凭据字段（sys_user_token）']).toContain(
        res.body.message,
      );
      expect(leaked(res.body, token!)).toEqual([]);
    }
  });

  it('a function outside the list is refused, also where the text check was blind (U& escapes)', async () => {
    // the old text check alone lets the escaped name through: the attack had a way in
    expect(checkReportSql('select U&"\\0070g_sleep"(3) as x')).toBeNull();
    const attacks: [string, string][] = [
      ['select U&"\\0070g_sleep"(3) as x', 'pg_sleep'],
      ['select "pg_sleep"(3) as x', 'pg_sleep'],
      ["select pg_catalog.pg_read_file('/etc/passwd') as x", 'pg_catalog.pg_read_file'],
      ['select version() as v', 'version'],
      ["select * from dblink('host=10.0.0.1', 'select 1') as t(a int)", 'dblink'],
      ['select public.anything(1) as x', 'public.anything'],
    ];
    for (const [text, name] of attacks) {
      const started = Date.now();
      const res = await parse(text);
      expect(res.body.success, text).toBe(false);
      expect([`报表SQL不能调用函数 ${name}`, `报表SQL不能调用函数 ${name.replace(/^pg_catalog\./, '')}`]).toContain(res.body.message);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it('database error texts never reach the client', async () => {
    const res = await parse('select realname::int as x from sys_user');
    expect(res.body).toMatchObject({ success: false, message: '报表查询失败：报表SQL执行出错（错误代码 22P02），请检查报表配置' });
    expect(leaked(res.body, 'invalid input', '管理员', 'integer')).toEqual([]);
    const div = await parse('select 1 / (select count(*) - count(*) from sys_depart) as x');
    expect(div.body.message).toBe('报表查询失败：报表SQL执行出错（错误代码 22012），请检查报表配置');
  });
});

describe('time limit', () => {
  it('a runaway query the plan guard cannot see is stopped at the limit on both databases', { timeout: 90_000 }, async () => {
    const text = 'with recursive r(n) as (select 1 union all select n + 1 from r where n < 200000000) select count(*) as c from r';
    // the plan's estimate is tiny: the cost guard alone would let it run for minutes
    const plan = (await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(text)}`.execute(server.ctx.db)).rows[0][
      'QUERY PLAN'
    ];
    const cost = Number(
      (typeof plan === 'string' ? JSON.parse(plan) : (plan as { Plan: { 'Total Cost': number } }[]))[0].Plan['Total Cost'],
    );
    expect(cost).toBeLessThan(PLAN_LIMITS.maxCost);
    const started = Date.now();
    const res = await parse(text);
    expect(res.body).toMatchObject({ success: false, message: '报表查询超时，已终止' });
    // PostgreSQL cancels at the limit; the embedded database's worker is terminated at the limit
    // and the report answers at once (its transaction ended with the worker: no rollback to wait for)
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
