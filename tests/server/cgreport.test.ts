import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { checkReportFile, loadReportFiles, syncReports, type ReportFile } from '../../src/server/online/cgreport/report-files.js';
import { checkReportSql } from '../../src/server/online/cgreport/report-sql.js';
import { client, login, startTestServer } from './harness.js';
import { grantRole } from './ops-helpers.js';
import { loadConfig } from '../../src/server/config.js';

// Online reports seeded from schemas/reports, served by the cgreport API
// (api-contract §8), their SQL run read-only, single-statement, with bound parameters and
// never reading credentials or running away.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const base = '/online/cgreport/api';

/** A screen whose popup field uses the popup-only report rp_user_list (its users may read it). */
const popupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-popup-'));
fs.writeFileSync(
  path.join(popupDir, 'tst_popup_user.json'),
  JSON.stringify({
    id: 'tst_popup_user',
    title: '弹窗选人',
    tableName: 'tst_popup_user',
    tableType: 'single',
    template: 'normal',
    authPre: 'tst:popup_user',
    menu: { parent: 'system', sortNo: 99 },
    fields: [
      {
        name: 'owner',
        title: '负责人',
        widget: 'popup',
        dbType: 'string',
        extend: { popupCode: 'rp_user_list', orgFields: 'username', destFields: 'owner' },
      },
    ],
  }),
);

beforeAll(async () => {
  server = await startTestServer({ schemasDirs: [...loadConfig({}).schemasDirs, popupDir] });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(popupDir, { recursive: true, force: true });
});

/** Stores a report definition directly (as an admin's online edit would), bypassing the file checks. */
async function storeReport(id: string, cgrSql: string, items: string[] = ['id']) {
  await sql`delete from onl_cgreport_item where cgrhead_id = ${id}`.execute(server.ctx.db);
  await sql`delete from onl_cgreport_head where id = ${id}`.execute(server.ctx.db);
  // readable by the holders of the bank-account menu (admin): a report without one is popup-only
  await sql`insert into onl_cgreport_head (id, code, name, cgr_sql, perms, update_by) values (${id}, ${id}, ${'测试报表'}, ${cgrSql}, '/online/cgformList/fin_bank_account', 'admin')`.execute(
    server.ctx.db,
  );
  for (const [i, f] of items.entries())
    await sql`insert into onl_cgreport_item (id, cgrhead_id, field_name, field_txt, order_num, is_show) values (${`${id}_${i}`}, ${id}, ${f}, ${f}, ${i}, 1)`.execute(
      server.ctx.db,
    );
}

describe('report definitions', () => {
  it('are seeded from schemas/reports into onl_cgreport_*', async () => {
    const heads = (
      await sql<{ id: string; code: string; name: string }>`select id, code, name from onl_cgreport_head order by code`.execute(
        server.ctx.db,
      )
    ).rows;
    expect(heads).toEqual(
      expect.arrayContaining([
        { id: 'rp_bank_account', code: 'rp_bank_account', name: '银行账户报表' },
        { id: 'rp_user_list', code: 'rp_user_list', name: '用户列表' },
      ]),
    );
    const items = await sql`select field_name from onl_cgreport_item where cgrhead_id = 'rp_user_list'`.execute(server.ctx.db);
    expect(items.rows).toHaveLength(9);
  });

  it('getRpColumns by code gives columns, dictionary options and the config id and name', async () => {
    const res = await admin.get(`${base}/getRpColumns/rp_user_list`);
    expect(res.body.success).toBe(true);
    const r = res.body.result;
    expect(r).toMatchObject({ cgRpConfigId: 'rp_user_list', cgRpConfigName: '用户列表', returnValField: 'username' });
    expect(r.columns.map((c: any) => c.dataIndex)).toEqual([
      'username',
      'realname',
      'sex',
      'phone',
      'depart_name',
      'status',
      'create_time',
    ]);
    expect(r.columns.find((c: any) => c.dataIndex === 'sex')).toMatchObject({ customRender: 'sex', fieldType: 'Integer' });
    expect(r.dictOptions.sex.map((o: any) => o.text)).toContain('男');
    const bank = await admin.get(`${base}/getRpColumns/rp_bank_account`);
    expect(bank.body.result.columns.find((c: any) => c.dataIndex === 'opening_license').fieldType).toBe('DownLoad');
  });

  it('getQueryInfo gives the query fields, getParamsInfo the parameters', async () => {
    const q = await admin.get(`${base}/getQueryInfo/rp_user_list`);
    expect(q.body.result.map((f: any) => [f.field, f.view, f.mode])).toEqual([
      ['username', 'text', 'single'],
      ['realname', 'text', 'single'],
      ['sex', 'list', 'single'],
      ['phone', 'text', 'single'],
      ['depart_name', 'text', 'single'],
      ['create_time', 'datetime', 'group'],
    ]);
    const p = await admin.get(`${base}/getParamsInfo/rp_user_list`);
    expect(p.body.result).toEqual([expect.objectContaining({ paramName: 'status', paramValue: '1' })]);
  });

  it('answers an unknown report with a clear message', async () => {
    const res = await admin.get(`${base}/getRpColumns/rp_nothing`);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '未找到报表配置：rp_nothing' });
  });
});

describe('getData', () => {
  it('pages, sorts and filters by query fields (*x* like, ranges) and self_ parameters', async () => {
    const all = await admin.get(`${base}/getData/rp_user_list`, { pageNo: 1, pageSize: 5, column: 'username', order: 'asc' });
    expect(all.body).toMatchObject({ success: true, code: 200 });
    const page = all.body.result;
    expect(page.records).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const names = page.records.map((r: any) => r.username);
    expect([...names].sort()).toEqual(names);
    expect(page.records[0]).not.toHaveProperty('password');
    expect(page.records.find((r: any) => r.sex !== null)?.sex_dictText).toMatch(/男|女/);
    const p2 = await admin.get(`${base}/getData/rp_user_list`, { pageNo: 2, pageSize: 5, column: 'username', order: 'asc' });
    expect(p2.body.result.records[0].username > names[4]).toBe(true);
    const admins = await admin.get(`${base}/getData/rp_user_list`, { username: '*admi*' });
    expect(admins.body.result.records.map((r: any) => r.username)).toContain('admin');
    expect(admins.body.result.records.every((r: any) => r.username.includes('admi'))).toBe(true);
    const range = await admin.get(`${base}/getData/rp_user_list`, { create_time_begin: '2000-01-01', create_time_end: '2000-01-02' });
    expect(range.body.result.total).toBe(0);
    const frozen = await admin.get(`${base}/getData/rp_user_list`, { self_status: '2' });
    expect(frozen.body.result.records.every((r: any) => r.status === 2)).toBe(true);
    const inj = await admin.get(`${base}/getData/rp_user_list`, { self_status: "1' or '1'='1" });
    expect(inj.body).toMatchObject({ success: true });
    expect(inj.body.result.total).toBe(0);
    const bad = await admin.get(`${base}/getData/rp_user_list`, { column: 'password', order: 'asc' });
    expect(bad.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：password' });
  });

  it('exports the rows of the same query as .xlsx with dictionary texts', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${server.ctx.config.apiBase}${base}/exportXls/rp_user_list`,
      query: { username: 'admin' },
      headers: { 'x-access-token': admin.token as string },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['用户账号', '用户姓名', '性别', '手机号码', '所属部门', '状态', '创建时间']);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBe('admin');
    expect(rows[1][5]).toBe('正常');
  });

  it('reads a report with a permission only for holders of that menu (403 otherwise)', async () => {
    const res = await admin.get(`${base}/getData/rp_bank_account`, { pageSize: 3, column: 'current_balance', order: 'desc' });
    expect(res.body.success).toBe(true);
    expect(res.body.result.records[0].bank_code_dictText).toBeTruthy();
    const someone = (
      await sql<{ username: string }>`select u.username from sys_user u where u.username <> 'admin' and not exists (
        select 1 from sys_user_role ur join sys_role_permission rp on rp.role_id = ur.role_id join sys_permission p on p.id = rp.permission_id
        where ur.user_id = u.id and p.url = '/online/cgformList/fin_bank_account') and u.status = 1 limit 1`.execute(server.ctx.db)
    ).rows[0];
    const other = client(server, await login(server, someone.username));
    expect((await other.get(`${base}/getData/rp_bank_account`)).status).toBe(403);
    // a report without a permission is no public data: it needs its own menu or a readable screen's popup field naming it
    expect((await other.get(`${base}/getData/rp_user_list`, { pageSize: 1 })).status).toBe(403);
  });

  it('reads a popup-only report only for users of a screen whose popup field uses it', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get(`${base}/getData/rp_user_list`, { pageSize: 1 })).status).toBe(403);
    expect((await staff.get(`${base}/getRpColumns/rp_user_list`)).status).toBe(403);
    await grantRole(server, 'wangfang', ['/online/cgformList/tst_popup_user']);
    server.ctx.perms.invalidate();
    const allowed = await staff.get(`${base}/getData/rp_user_list`, { pageSize: 1 });
    expect(allowed.body.success, allowed.body.message).toBe(true);
  });

  it('gives an openable report its menu, granted to admin and to the roles that may read it', async () => {
    const menus = (
      await sql<{ role_code: string }>`select r.role_code from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
        join sys_role r on r.id = rp.role_id where p.url = '/online/cgreport/rp_bank_account' order by r.role_code`.execute(server.ctx.db)
    ).rows.map((r) => r.role_code);
    expect(menus).toEqual(expect.arrayContaining(['admin', 'finance']));
    const finance = client(server, await login(server, 'bss_demo'));
    const perms = await finance.get('/sys/permission/getUserPermissionByToken');
    expect(JSON.stringify(perms.body.result.menu)).toContain('/online/cgreport/rp_bank_account');
    expect((await finance.get(`${base}/getData/rp_bank_account`, { pageSize: 1 })).body.success).toBe(true);
  });

  it('sums the columns marked total over the whole query, not only the page', async () => {
    const page = (await admin.get(`${base}/getData/rp_bank_account`, { pageSize: 2, bank_code: 'ICBC' })).body.result;
    const sum = Number(
      (await sql<{ s: string }>`select sum(current_balance) as s from fin_bank_account where bank_code = 'ICBC'`.execute(server.ctx.db))
        .rows[0].s,
    );
    expect(page.records).toHaveLength(2);
    expect(page.totals.current_balance).toBeCloseTo(sum, 2);
    const none = (await admin.get(`${base}/getData/rp_user_list`, { pageSize: 1 })).body.result;
    expect(none).not.toHaveProperty('totals');
  });
});

describe('the SQL runs read-only and safely', () => {
  it('refuses writes and locks, even when stored past the file checks', async () => {
    await storeReport('rp_t_write', "with x as (update sys_user set realname = 'x' returning id) select id from x");
    const w = await admin.get(`${base}/getData/rp_t_write`);
    expect(w.body).toMatchObject({ success: false, message: '报表SQL不能修改或锁定数据（update）' });
    await storeReport('rp_t_lock', 'select id from sys_depart for update');
    expect((await admin.get(`${base}/getData/rp_t_lock`)).body.message).toBe('报表SQL不能修改或锁定数据（for update）');
    await storeReport('rp_t_into', 'select id into tmp_copy from sys_depart');
    expect((await admin.get(`${base}/getData/rp_t_into`)).body.message).toBe('报表SQL不能修改或锁定数据（into）');
    await storeReport('rp_t_fn', 'select pg_advisory_lock(1) as id');
    expect((await admin.get(`${base}/getData/rp_t_fn`)).body.message).toBe('报表SQL不能调用函数 pg_advisory_lock');
    await storeReport('rp_t_seq', "select nextval('x') as id");
    expect((await admin.get(`${base}/getData/rp_t_seq`)).body.message).toBe('报表SQL不能调用函数 nextval');
    const names = (await sql<{ realname: string }>`select realname from sys_user where realname = 'x'`.execute(server.ctx.db)).rows;
    expect(names).toHaveLength(0);
  });

  it('refuses multiple statements, also hidden after comments and strings', async () => {
    await storeReport('rp_t_multi', 'select id from sys_depart; delete from sys_depart');
    expect((await admin.get(`${base}/getData/rp_t_multi`)).body.message).toBe('报表SQL只能包含一条语句，不能用分号连接多条语句');
    await storeReport('rp_t_multi2', "select ';' as id /* ; */ -- ;\n; drop table sys_log");
    expect((await admin.get(`${base}/getData/rp_t_multi2`)).body.message).toBe('报表SQL只能包含一条语句，不能用分号连接多条语句');
    await storeReport('rp_t_ok', "select ';' as id -- a comment; with a semicolon\n;");
    expect((await admin.get(`${base}/getData/rp_t_ok`)).body).toMatchObject({ success: true });
    await storeReport('rp_t_notselect', 'vacuum');
    expect((await admin.get(`${base}/getData/rp_t_notselect`)).body.message).toBe('报表SQL只能是一条查询语句（SELECT 或 WITH … SELECT）');
    expect((await sql`select count(*)::int as n from sys_depart`.execute(server.ctx.db)).rows[0]).not.toEqual({ n: 0 });
  });

  it('never reads credential columns or tables, by name, by whole row or in a condition', async () => {
    await storeReport('rp_t_pw', 'select id, password from sys_user');
    expect((await admin.get(`${base}/getData/rp_t_pw`)).body.message).toBe('报表不能读取密码等凭据字段（password）');
    await storeReport('rp_t_pw2', 'select id, "PASSWORD" as x from sys_user');
    expect((await admin.get(`${base}/getData/rp_t_pw2`)).body.success).toBe(false);
    // a read of sys_user is a subquery of the tenant's users without the password column (report-tenant.ts)
    await storeReport('rp_t_star', 'select * from sys_user');
    const star = await admin.get(`${base}/getData/rp_t_star`);
    expect(star.body.success).toBe(true);
    expect(JSON.stringify(star.body)).not.toMatch(/password|\$2[aby]\$|\$argon2/);
    await storeReport('rp_t_row', 'select u.id, row_to_json(u) as id2 from sys_user u', ['id', 'id2']);
    expect((await admin.get(`${base}/getData/rp_t_row`)).body.success).toBe(false);
    await storeReport('rp_t_probe', "select id from sys_user where substr(pass\u0077ord, 1, 4) = '$2a$'");
    expect((await admin.get(`${base}/getData/rp_t_probe`)).body.success).toBe(false);
    await storeReport('rp_t_ds', 'select id, db_password from sys_data_source');
    expect((await admin.get(`${base}/getData/rp_t_ds`)).body.message).toBe('报表不能读取密码等凭据字段（db_password）');
    await storeReport('rp_t_secret', 'select key as id, value from sys_install', ['id', 'value']);
    expect((await admin.get(`${base}/getData/rp_t_secret`)).body.message).toBe('报表不能读取系统凭据表 sys_install');
    await storeReport('rp_t_authid', 'select rolname as id from pg_authid');
    expect((await admin.get(`${base}/getData/rp_t_authid`)).body.message).toBe('报表不能读取系统凭据表 pg_authid');
  });

  it('refuses an expensive query before running it (plan guard), and the server keeps answering', async () => {
    await storeReport('rp_t_heavy', 'select a.id from sys_area a cross join sys_area b cross join sys_area c');
    const started = Date.now();
    const res = await admin.get(`${base}/getData/rp_t_heavy`);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^报表查询过于复杂（预计代价 \d+，预计行数 \d+），已拒绝执行，请增加查询条件$/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await admin.get(`${base}/getRpColumns/rp_user_list`)).body.success).toBe(true);
  });

  it('answers a broken SQL with a clear message, never a stack trace', async () => {
    await storeReport('rp_t_broken', 'select no_such_column as id from sys_depart');
    const res = await admin.get(`${base}/getData/rp_t_broken`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('报表查询失败：报表SQL执行出错（错误代码 42703），请检查报表配置');
    // the database's own text (naming the column) is never answered
    expect(res.body.message).not.toContain('no_such_column');
  });
});

describe('report files', () => {
  it('are checked at load: shape, SQL rules, duplicate columns; a bad file stops the load naming it', () => {
    const ok = { code: 'rp_x', name: 'x', sql: 'select 1 as a', columns: [{ field: 'a', title: 'A' }] };
    expect(checkReportFile(ok, 'x.json').problems).toEqual([]);
    expect(checkReportFile({ ...ok, sql: 'delete from sys_log' }, 'x.json').problems).toEqual([
      'x.json /sql: 报表SQL只能是一条查询语句（SELECT 或 WITH … SELECT）',
    ]);
    expect(
      checkReportFile(
        {
          ...ok,
          columns: [
            { field: 'a', title: 'A' },
            { field: 'a', title: 'B' },
          ],
        },
        'x.json',
      ).problems[0],
    ).toMatch(/字段 a 重复/);
    expect(checkReportFile({ ...ok, returnValField: 'zz' }, 'x.json').problems[0]).toMatch(/字段 zz 不在报表列中/);
    expect(checkReportFile({ ...ok, extra: 1 }, 'x.json').problems[0]).toMatch(/x\.json \/: must NOT have additional properties/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-rp-'));
    fs.mkdirSync(path.join(dir, 'reports'));
    fs.writeFileSync(path.join(dir, 'reports', 'bad.json'), JSON.stringify({ ...ok, sql: "select '${x}' as a, #{nope} as b" }));
    expect(() => loadReportFiles([dir])).toThrow(/reports\/bad\.json \/sql: 报表SQL中的系统变量 #\{nope\} 不存在/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the SQL check handles quoted placeholders, literals and comments', () => {
    expect(checkReportSql("select * from t where a = '${x}' and b = ${y} and c = #{sysUserCode}")).toBeNull();
    expect(checkReportSql("select * from t where a like '%${x}%'")).toBe(
      "报表SQL的参数占位符不能写在引号内，请写成 concat('%', ${参数}, '%') 等形式",
    );
    expect(checkReportSql("select 'update; delete' as a -- insert\n")).toBeNull();
    expect(checkReportSql('select $$ ; $$ as a')).toBeNull();
    expect(checkReportSql('select last_update, deleted_flag from t')).toBeNull();
  });
});

describe('report menus', () => {
  it('creates the menu of a report that asks for one, grants it to admin, and lets only its holders read', async () => {
    const report: ReportFile = {
      code: 'rp_depart_list',
      name: '部门清单',
      menu: { parent: 'system', sortNo: 95, icon: 'table' },
      sql: 'select id, depart_name, org_code from sys_depart',
      columns: [
        { field: 'depart_name', title: '部门名称', search: true },
        { field: 'org_code', title: '机构编码' },
      ],
    };
    expect(checkReportFile(report, 'rp_depart_list.json').problems).toEqual([]);
    // what the start does with the report files
    await syncReports(server.ctx.db, [report]);
    await syncReports(server.ctx.db, [report]);
    server.ctx.perms.invalidate();
    const menu = (
      await sql<{
        url: string;
        component: string;
        menu_type: number;
        group: string;
      }>`select p.url, p.component, p.menu_type, g.component_name as group
        from sys_permission p join sys_permission g on g.id = p.parent_id where p.url = '/online/cgreport/rp_depart_list'`.execute(
        server.ctx.db,
      )
    ).rows;
    expect(menu).toEqual([
      {
        url: '/online/cgreport/rp_depart_list',
        component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
        menu_type: 1,
        group: 'system',
      },
    ]);
    const perms = await admin.get('/sys/permission/getUserPermissionByToken');
    expect(JSON.stringify(perms.body.result.menu)).toContain('/online/cgreport/rp_depart_list');
    expect((await admin.get(`${base}/getData/rp_depart_list`, { depart_name: '*' })).body.success).toBe(true);
    const someone = (
      await sql<{ username: string }>`select username from sys_user where username <> 'admin' and status = 1 limit 1`.execute(server.ctx.db)
    ).rows[0];
    const user = client(server, await login(server, someone.username));
    expect((await user.get(`${base}/getData/rp_depart_list`)).status).toBe(403);
  });
});
