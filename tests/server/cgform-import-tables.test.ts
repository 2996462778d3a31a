import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';

// The form head list's copy list (copyType/physicId filters) and 从数据库导入表 (queryTables,
// transTables): tables no screen uses become unsynced screens from their columns.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let wms: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  wms = client(server, await login(server, 'wms_demo'));
  await sql`create table imp_visit (id varchar(32) primary key, visitor varchar(50) not null, visit_day date,
    headcount integer, fee numeric(10,2), note text)`.execute(server.ctx.db);
  await sql`comment on column imp_visit.visitor is '访客'`.execute(server.ctx.db);
  await sql`create table imp_secret (id varchar(32) primary key, api_token varchar(64))`.execute(server.ctx.db);
});
afterAll(async () => server?.close());

describe('从数据库导入表', () => {
  it('lists tables no screen uses, without system tables or credential columns', async () => {
    const res = await admin.get('/online/cgform/head/queryTables', { pageSize: 1000 });
    expect(res.body.success, res.body.message).toBe(true);
    const names = res.body.result.records.map((r: { id: string }) => r.id);
    expect(names).toContain('imp_visit');
    expect(names).not.toContain('imp_secret');
    expect(names).not.toContain('sys_user');
    expect(names).not.toContain('wms_vehicle');
    const one = await admin.get('/online/cgform/head/queryTables', { tableName: 'visit' });
    expect(one.body.result).toMatchObject({ total: 1, records: [{ id: 'imp_visit' }] });
  });

  it('imports a table as an unsynced screen from its columns; a normal sync makes it usable', async () => {
    const res = await admin.post('/online/cgform/head/transTables/imp_visit');
    expect(res.body, res.body.message).toMatchObject({ success: true, message: '同步成功!' });
    const schema = (await admin.get('/online/cgform/head/schema', { id: 'imp_visit' })).body.result.schema;
    expect(schema.fields.map((f: { name: string; dbType: string }) => [f.name, f.dbType])).toEqual([
      ['visitor', 'string'],
      ['visitDay', 'Date'],
      ['headcount', 'int'],
      ['fee', 'BigDecimal'],
      ['note', 'Text'],
    ]);
    expect(schema.fields[0]).toMatchObject({ title: '访客', required: true, dbLength: 50 });
    const head = (await admin.get('/online/cgform/head/queryById', { id: 'imp_visit' })).body.result;
    expect(head.isDbSynch).toBe('N');
    const synced = await admin.post('/online/cgform/api/doDbSynch/imp_visit/normal');
    expect(synced.body.success, synced.body.message).toBe(true);
    const again = await admin.get('/online/cgform/head/queryTables', { tableName: 'imp_visit' });
    expect(again.body.result.total).toBe(0);
  });

  it('refuses a taken, system or credential table with a clear message, and a non-admin', async () => {
    for (const name of ['wms_vehicle', 'sys_user', 'imp_secret', 'no_such_table']) {
      const res = await admin.post(`/online/cgform/head/transTables/${name}`);
      expect(res.body).toMatchObject({ success: false, code: 500, message: `表 ${name} 不存在、已是在线表单或是系统表，不能导入` });
    }
    expect((await wms.get('/online/cgform/head/queryTables')).status).toBe(403);
    expect((await wms.post('/online/cgform/head/transTables/imp_secret')).status).toBe(403);
  });
});

describe('copy list', () => {
  it("lists the physical forms (copyType 0, hascopy) and a form's views by physicId", async () => {
    const copy = await admin.get('/online/cgform/head/copyOnline', { code: 'wms_vehicle' });
    expect(copy.body.success, copy.body.message).toBe(true);
    const main = await admin.get('/online/cgform/head/list', { copyType: '0', tableName: 'wms_vehicle', pageSize: 100 });
    const ids = main.body.result.records.map((r: { id: string }) => r.id);
    expect(ids).toContain('wms_vehicle');
    expect(ids).not.toContain(copy.body.result.id);
    expect(main.body.result.records.find((r: { id: string }) => r.id === 'wms_vehicle').hascopy).toBe(1);
    const views = await admin.get('/online/cgform/head/list', { physicId: 'wms_vehicle' });
    expect(views.body.result.records.map((r: { id: string }) => r.id)).toEqual([copy.body.result.id]);
    // built-in views (viewOf in their file) are listed under their owner too
    const fileViews = await admin.get('/online/cgform/head/list', { copyType: '1', isBuiltIn: 'true', pageSize: 100 });
    expect(fileViews.body.result.records.length).toBeGreaterThan(0);
    for (const v of fileViews.body.result.records) expect(v.physicId).toBeTruthy();
  });
});
