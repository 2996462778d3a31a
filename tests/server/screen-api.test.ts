import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';
import { BizError } from '../../src/server/http/envelope.js';
import { client, isolatedDatabase, login, startTestServer } from './harness.js';

// The admin-screen foundation: a screen with `url` and `tableSource: 'migration'` is served at
// its own JeecgBoot paths by the generic engine, with module hooks (tests/server/schemas).
let server: StartedServer;
let admin: ReturnType<typeof client>;
const calls: string[] = [];

beforeAll(async () => {
  const database = await isolatedDatabase();
  // the "migration": a system-style table without sys_org_code and update_by
  await sql`create table test_gadget (id varchar(36) primary key, gadget_name varchar(50), gadget_code varchar(20),
    qty integer, secret varchar(50), del_flag int default 0, create_by varchar(50), create_time timestamp(0), update_time timestamp(0))`.execute(
    database.db,
  );
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas')];
  server = await startTestServer({ schemasDirs: dirs }, { database });
  server.ctx.hooks.register('test_gadget', {
    beforeWrite: ({ row, isNew }) => {
      if (typeof row.gadget_name === 'string') row.gadget_name = row.gadget_name.trim();
      if (isNew) row.secret = 'hidden-value';
      if (row.gadget_name === '禁止') throw new BizError('名称不可用');
      calls.push(isNew ? 'add' : 'edit');
    },
    afterWrite: async ({ trx, id }) => {
      await sql`update test_gadget set qty = coalesce(qty, 0) where id = ${id}`.execute(trx);
    },
    beforeDelete: async ({ trx, ids }) => {
      await sql`update test_gadget set del_flag = 1 where id in (${sql.join(ids)})`.execute(trx);
      return 'handled' as const;
    },
    listScope: () => [sql`del_flag = 0`],
    decorate: (rows) => {
      for (const r of rows) r.decorated = true;
    },
  });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

describe('screens served at their own paths (schema url)', () => {
  let id = '';

  it('adds through url.add with hooks in the transaction and answers the new id', async () => {
    const res = await admin.post('/test/gadget/add', { gadgetName: '  卡尺 ', gadgetCode: 'KC-01', qty: '' });
    expect(res.body).toMatchObject({ success: true, code: 200 });
    id = res.body.result;
    const row = (
      await sql<{
        gadget_name: string;
        secret: string;
        qty: number;
        create_by: string;
      }>`select * from test_gadget where id = ${id}`.execute(server.ctx.db)
    ).rows[0];
    expect(row).toMatchObject({ gadget_name: '卡尺', secret: 'hidden-value', qty: 0, create_by: 'admin' });
  });

  it('lists through url.list with filters, paging and decorate, never selecting unknown columns', async () => {
    await admin.post('/test/gadget/add', { gadgetName: '游标卡尺', gadgetCode: 'KC-02', qty: 3 });
    const res = await admin.get('/test/gadget/list', { gadgetName: '*卡尺*', pageNo: 1, pageSize: 10 });
    expect(res.body.success).toBe(true);
    expect(res.body.result.total).toBe(2);
    // JeecgBoot system-module shape: camelCase properties (api-contract §5)
    expect(res.body.result.records[0]).toMatchObject({ gadgetName: '游标卡尺', gadgetCode: 'KC-02', decorated: true });
    expect(res.body.result.records[0]).not.toHaveProperty('gadget_name');
    expect(res.body.result.records[0]).not.toHaveProperty('secret');
    const bad = await admin.get('/test/gadget/list', { column: 'sysOrgCode', order: 'desc' });
    expect(bad.body).toMatchObject({ success: false, code: 500 });
  });

  it('edits through url.edit by PUT and by POST, and reads through url.queryById', async () => {
    expect((await admin.put('/test/gadget/edit', { id, qty: 7 })).body.success).toBe(true);
    expect((await admin.post('/test/gadget/edit', { id, gadgetName: '数显卡尺' })).body.success).toBe(true);
    const one = await admin.get('/test/gadget/queryById', { id });
    expect(one.body.result).toMatchObject({ gadgetName: '数显卡尺', qty: 7, decorated: true, createBy: 'admin' });
    expect(calls).toContain('edit');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = (await admin.get('/test/gadget/list')).body.result.total;
    const dup = await admin.post('/test/gadget/add', { gadgetName: '重复', gadgetCode: 'KC-01' });
    expect(dup.body).toMatchObject({ success: false, code: 500 });
    expect(dup.body.message).toContain('已存在');
    const hook = await admin.post('/test/gadget/add', { gadgetName: '禁止' });
    expect(hook.body).toMatchObject({ success: false, message: '名称不可用' });
    const missing = await admin.post('/test/gadget/add', { qty: 1 });
    expect(missing.body.success).toBe(false);
    expect((await admin.get('/test/gadget/list')).body.result.total).toBe(before);
  });

  it('deletes through url.delete and url.deleteBatch, with the hook replacing the hard delete', async () => {
    const all = (await admin.get('/test/gadget/list')).body.result.records as { id: string }[];
    expect((await admin.del('/test/gadget/delete', { id })).body).toMatchObject({ success: true, message: '删除成功!' });
    const rest = all.map((r) => r.id).filter((x) => x !== id);
    expect((await admin.del('/test/gadget/deleteBatch', { ids: rest.join(',') })).body).toMatchObject({ success: true });
    expect((await admin.get('/test/gadget/list')).body.result.total).toBe(0);
    const kept = await sql<{ n: number }>`select count(*)::int as n from test_gadget where del_flag = 1`.execute(server.ctx.db);
    expect(kept.rows[0].n).toBe(all.length);
    expect((await admin.get('/test/gadget/queryById', { id })).body.success).toBe(false);
    expect((await admin.del('/test/gadget/deleteBatch', { ids: '' })).body).toMatchObject({ success: false, message: '请选择一条记录！' });
  });

  it('gives the screen a menu under 系统管理 at its own route, and refuses users without it (403, nothing written)', async () => {
    const menu = await admin.get('/sys/permission/getUserPermissionByToken');
    const system = (
      menu.body.result.menu as { path: string; children?: { path: string; component: string; meta: { componentName?: string } }[] }[]
    ).find((m) => m.path === '/isystem');
    const entry = system?.children?.find((c) => c.path === '/isystem/testGadget');
    expect(entry).toMatchObject({ component: 'system/ScreenList', meta: { componentName: 'test_gadget' } });
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/test/gadget/list')).status).toBe(403);
    const denied = await staff.post('/test/gadget/add', { gadgetName: '越权' });
    expect(denied.status).toBe(403);
    const n = await sql<{ n: number }>`select count(*)::int as n from test_gadget where gadget_name = '越权'`.execute(server.ctx.db);
    expect(n.rows[0].n).toBe(0);
  });

  it('serves the same screen through the online-form API too', async () => {
    const cols = await admin.get('/online/cgform/api/getColumns/test_gadget');
    expect(cols.body.result.screen.url.list).toBe('/test/gadget/list');
    expect((await admin.get('/online/cgform/api/getData/test_gadget')).body.success).toBe(true);
  });
});
