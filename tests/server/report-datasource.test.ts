import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { formatDateTime } from '../../src/shared/time.js';

// Online reports on a data source of 多数据源管理 (`dbSource`): the SQL runs there, the
// dictionaries translate here, an unreachable or unknown source answers a clear message.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const api = '/online/cgreport/api';

beforeAll(async () => {
  // the sources of these tests run on this machine, which a data source may name only when allowed
  server = await startTestServer({ dataSourceAllowHosts: ['127.0.0.1', 'localhost'] });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

/** Stores report `code` reading `sqlText` on data source `source`, with columns [field, title, dictCode?]. */
async function storeReport(code: string, source: string, sqlText: string, columns: [string, string, string?][]): Promise<void> {
  const now = formatDateTime();
  const audit = { create_by: 'admin', create_time: now, update_by: 'admin', update_time: now };
  await server.ctx.db
    .insertInto('onl_cgreport_head')
    .values({
      id: code,
      code,
      name: `数据源报表${code}`,
      cgr_sql: sqlText,
      db_source: source,
      return_val_field: null,
      return_txt_field: null,
      return_type: '1',
      content: null,
      perms: '/online/cgformList/fin_bank_account',
      source_hash: null,
      ...audit,
    })
    .execute();
  await server.ctx.db
    .insertInto('onl_cgreport_item')
    .values(
      columns.map(([field, title, dict], i) => ({
        id: `${code}_${i}`,
        cgrhead_id: code,
        field_name: field,
        field_txt: title,
        field_width: null,
        field_type: 'String',
        search_mode: 'single',
        is_order: 1,
        is_search: 1,
        dict_code: dict ?? null,
        field_href: null,
        is_show: 1,
        order_num: i,
        replace_val: null,
        is_total: '0',
        group_title: null,
        ...audit,
      })),
    )
    .execute();
}

/** Adds a data source through the screen's API. */
async function addSource(code: string, url: string, user: string, password: string): Promise<void> {
  const res = await admin.post('/sys/dataSource/add', {
    code,
    name: `${code}库`,
    dbType: '6',
    dbUrl: url,
    dbUsername: user,
    dbPassword: password,
  });
  expect(res.body).toMatchObject({ success: true });
}

describe('a report on a data source', () => {
  it('answers a clear message when the data source is unknown or cannot be reached', async () => {
    await storeReport('rp_ds_missing', 'no_such_source', 'select 1 as n', [['n', '数字']]);
    expect((await admin.get(`${api}/getData/rp_ds_missing`)).body).toMatchObject({
      success: false,
      message: '数据源「no_such_source」不存在，请在 系统管理 → 多数据源管理 中添加',
    });
    await addSource('closed_port', 'jdbc:postgresql://127.0.0.1:1/report', 'report', 'x');
    await storeReport('rp_ds_closed', 'closed_port', 'select 1 as n', [['n', '数字']]);
    const started = Date.now();
    const res = await admin.get(`${api}/getData/rp_ds_closed`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      message: '数据源「closed_port库」连接失败：连接被拒绝（127.0.0.1:1），请检查地址、端口和数据库是否已启动',
    });
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it.skipIf(!process.env.DATABASE_URL)('runs the SQL on the data source and translates its dictionary columns here', async () => {
    const u = new URL(process.env.DATABASE_URL!);
    const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await outside.connect();
    try {
      await outside.query('create schema if not exists ds_outside');
      await outside.query('drop table if exists ds_outside.site');
      await outside.query('create table ds_outside.site (code varchar(8), name varchar(20), sex varchar(1))');
      await outside.query("insert into ds_outside.site values ('S1', '石家庄站', '1'), ('S2', '保定站', '2')");
    } finally {
      await outside.end();
    }
    await addSource(
      'outside',
      `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`,
      decodeURIComponent(u.username),
      decodeURIComponent(u.password),
    );
    await storeReport('rp_ds_sites', 'outside', 'select code, name, sex from ds_outside.site', [
      ['code', '编码'],
      ['name', '名称'],
      ['sex', '性别', 'sex'],
    ]);
    const res = await admin.get(`${api}/getData/rp_ds_sites`, { column: 'code', order: 'asc' });
    expect(res.body.success).toBe(true);
    expect(res.body.result.records).toEqual([
      { code: 'S1', name: '石家庄站', sex: '1', sex_dictText: '男' },
      { code: 'S2', name: '保定站', sex: '2', sex_dictText: '女' },
    ]);
    const filtered = await admin.get(`${api}/getData/rp_ds_sites`, { name: '*保定*' });
    expect(filtered.body.result.records.map((r: { code: string }) => r.code)).toEqual(['S2']);
  });

  it('the report designer stores the chosen data source and checks the SQL there: unknown or unreachable sources are refused, nothing written', async () => {
    const head = '/online/cgreport/head';
    const unknown = await admin.get(`${head}/parseSql`, { sql: 'select 1 as n', dbSource: 'no_such_source' });
    expect(unknown.body).toMatchObject({ success: false, message: '数据源「no_such_source」不存在，请在 系统管理 → 多数据源管理 中添加' });
    const body = (code: string, dbSource?: string) => ({
      head: { code, name: `设计器数据源${code}`, cgrSql: 'select 1 as n', dbSource },
      items: [{ fieldName: 'n', fieldTxt: '数字', fieldType: 'Integer', isShow: 1 }],
      params: [],
    });
    const closed = await admin.post(`${head}/add`, body('rp_dsg_closed', 'closed_port'));
    expect(closed.body).toMatchObject({ success: false });
    expect(closed.body.message).toContain('数据源「closed_port库」连接失败');
    const stored = await server.ctx.db.selectFrom('onl_cgreport_head').select('id').where('code', '=', 'rp_dsg_closed').execute();
    expect(stored).toEqual([]);
    const main = await admin.post(`${head}/add`, body('rp_dsg_main'));
    expect(main.body).toMatchObject({ success: true });
    const read = await admin.get(`${head}/queryById`, { id: main.body.result.id });
    expect(read.body.result).toMatchObject({ code: 'rp_dsg_main', dbSource: null });
    // the guards run before any connection: a write is refused whatever the source
    const write = await admin.get(`${head}/parseSql`, { sql: 'delete from sys_user', dbSource: 'closed_port' });
    expect(write.body).toMatchObject({ success: false });
    expect(write.body.message).not.toContain('连接失败');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'the report designer saves a report on a data source; its rows come from there and the guards refuse credential columns there too',
    async () => {
      const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await outside.connect();
      try {
        await outside.query('create schema if not exists ds_outside');
        await outside.query('drop table if exists ds_outside.depot');
        await outside.query('create table ds_outside.depot (code varchar(8), password varchar(20))');
        await outside.query("insert into ds_outside.depot values ('D1', 'secret')");
      } finally {
        await outside.end();
      }
      const u = new URL(process.env.DATABASE_URL!);
      const have = await server.ctx.db.selectFrom('sys_data_source').select('code').where('code', '=', 'outside2').executeTakeFirst();
      if (!have)
        await addSource(
          'outside2',
          `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`,
          decodeURIComponent(u.username),
          decodeURIComponent(u.password),
        );
      const head = '/online/cgreport/head';
      const parsed = await admin.get(`${head}/parseSql`, { sql: 'select code from ds_outside.depot', dbSource: 'outside2' });
      expect(parsed.body.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['code']);
      const credential = await admin.get(`${head}/parseSql`, { sql: 'select code, password from ds_outside.depot', dbSource: 'outside2' });
      expect(credential.body).toMatchObject({ success: false });
      const add = await admin.post(`${head}/add`, {
        head: { code: 'rp_dsg_depot', name: '外部仓库', cgrSql: 'select code from ds_outside.depot', dbSource: 'outside2' },
        items: [{ fieldName: 'code', fieldTxt: '编码', isShow: 1 }],
        params: [],
      });
      expect(add.body).toMatchObject({ success: true });
      const data = await admin.get(`${api}/getData/rp_dsg_depot`);
      expect(data.body.result.records).toEqual([{ code: 'D1' }]);
    },
  );
});
