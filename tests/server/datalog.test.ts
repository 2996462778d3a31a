import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { compareDataVersions, parseDataContent } from '../../src/shared/data-log-compare.js';
import { client, login, startTestServer } from './harness.js';

// Every edit of a business record keeps its versions in sys_data_log; the data
// log screen lists them, lists one record's versions and answers two versions to compare.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let wangfang: ReturnType<typeof client>;
let recordId = '';
let otherId = '';

const api = '/online/cgform/api';
const versions = (id: string) =>
  server.ctx.db
    .selectFrom('sys_data_log')
    .selectAll()
    .where('data_table', '=', 'fin_bank_account')
    .where('data_id', '=', id)
    .orderBy('data_version')
    .execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
  wangfang = client(server, await login(server, 'wangfang'));
  const page = await admin.get(`${api}/getData/fin_bank_account`, { pageNo: 1, pageSize: 2 });
  recordId = String(page.body.result.records[0].id);
  otherId = String(page.body.result.records[1].id);
});
afterAll(async () => server?.close());

describe('versions kept on edit', () => {
  it('keeps the previous state as version 1 and the new one as version 2 on the first edit', async () => {
    const before = (await admin.get(`${api}/form/fin_bank_account/${recordId}`)).body.result;
    const res = await admin.put(`${api}/form/fin_bank_account`, { id: recordId, branchName: '中国工商银行北京丰台支行营业部' });
    expect(res.body.success).toBe(true);
    const v = await versions(recordId);
    expect(v.map((r) => r.data_version)).toEqual([1, 2]);
    expect(parseDataContent(v[0].data_content)).toMatchObject({ id: recordId, branch_name: before.branch_name });
    expect(parseDataContent(v[1].data_content)).toMatchObject({ id: recordId, branch_name: '中国工商银行北京丰台支行营业部' });
    expect(v[1].create_by).toBe('admin');
  });

  it('adds one version per further edit, and none for a refused edit', async () => {
    await admin.put(`${api}/form/fin_bank_account`, { id: recordId, branchName: '中国工商银行北京西城支行' });
    const bad = await admin.put(`${api}/form/fin_bank_account`, { id: recordId, accountNo: 'not-a-number' });
    expect(bad.body.success).toBe(false);
    expect((await versions(recordId)).map((r) => r.data_version)).toEqual([1, 2, 3]);
  });

  it('does not log system tables (migration-owned, e.g. announcements)', async () => {
    const add = await admin.post('/sys/annountCement/add', { titile: '数据日志测试', msgCategory: '1', priority: 'L', msgType: 'ALL' });
    await admin.put('/sys/annountCement/edit', { id: add.body.result, titile: '数据日志测试（改）' });
    const logged = await server.ctx.db.selectFrom('sys_data_log').select('id').where('data_table', '=', 'sys_announcement').execute();
    expect(logged).toEqual([]);
  });
});

describe('data log endpoints', () => {
  it('lists versions with filters, newest first, in camelCase', async () => {
    await admin.put(`${api}/form/fin_bank_account`, { id: otherId, branchName: '招商银行北京分行' });
    const all = await admin.get('/sys/dataLog/list', { pageNo: 1, pageSize: 10 });
    expect(all.body.success).toBe(true);
    expect(all.body.result.total).toBe(5);
    expect(all.body.result.records[0]).toHaveProperty('dataTable', 'fin_bank_account');
    expect(all.body.result.records[0]).toHaveProperty('dataVersion');
    const one = await admin.get('/sys/dataLog/list', { dataTable: 'fin_bank_account', dataId: recordId });
    expect(one.body.result.total).toBe(3);
    const like = await admin.get('/sys/dataLog/list', { dataTable: '*bank*' });
    expect(like.body.result.total).toBe(5);
    expect((await admin.get('/sys/dataLog/list', { createTime_begin: '2000-01-01', createTime_end: '2000-01-02' })).body.result.total).toBe(
      0,
    );
    expect((await admin.get('/sys/dataLog/list', { createTime_begin: '2000-01-01' })).body.result.total).toBe(5);
  });

  it('lists the versions of one record, newest first', async () => {
    const res = await admin.get('/sys/dataLog/queryDataVerList', { dataTable: 'fin_bank_account', dataId: recordId });
    expect(res.body.success).toBe(true);
    expect(res.body.result.map((r: { dataVersion: number }) => r.dataVersion)).toEqual([3, 2, 1]);
    expect((await admin.get('/sys/dataLog/queryDataVerList', { dataTable: 'fin_bank_account' })).body).toMatchObject({
      success: false,
      message: '请指定数据表和数据ID',
    });
  });

  it('answers two versions of one record for a field-by-field comparison', async () => {
    const v = await versions(recordId);
    const res = await admin.get('/sys/dataLog/queryCompareList', { dataId1: v[0].id, dataId2: v[2].id });
    expect(res.body.success).toBe(true);
    expect(res.body.result.map((r: { dataVersion: number }) => r.dataVersion)).toEqual([1, 3]);
    const diff = compareDataVersions(res.body.result[0].dataContent, res.body.result[1].dataContent);
    const changed = diff.filter((d) => d.changed).map((d) => d.field);
    expect(changed).toContain('branch_name');
    expect(changed).not.toContain('account_no');
    expect(diff.find((d) => d.field === 'branch_name')?.value2).toBe('中国工商银行北京西城支行');
    // bad input: clear messages
    expect((await admin.get('/sys/dataLog/queryCompareList', { dataId1: v[0].id })).body).toMatchObject({
      success: false,
      message: '请选择两个版本进行对比',
    });
    expect((await admin.get('/sys/dataLog/queryCompareList', { dataId1: v[0].id, dataId2: 'nope' })).body.message).toBe('未找到对应数据');
    const other = await versions(otherId);
    expect((await admin.get('/sys/dataLog/queryCompareList', { dataId1: v[0].id, dataId2: other[0].id })).body.message).toBe(
      '只能对比同一条数据的两个版本',
    );
  });

  it('refuses users without the data-log menu (403)', async () => {
    for (const res of [
      await wangfang.get('/sys/dataLog/list'),
      await wangfang.get('/sys/dataLog/queryDataVerList', { dataTable: 'fin_bank_account', dataId: recordId }),
      await wangfang.get('/sys/dataLog/queryCompareList', { dataId1: 'a', dataId2: 'b' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 403 });
    }
  });
});

describe('login and operation log list', () => {
  it('lists login lines with the type filter, dictionary texts and newest first', async () => {
    const res = await admin.get('/sys/log/list', { logType: 1, pageNo: 1, pageSize: 10 });
    expect(res.body.success).toBe(true);
    expect(res.body.result.total).toBeGreaterThanOrEqual(2);
    const first = res.body.result.records[0];
    expect(first).toMatchObject({ logType: 1, logType_dictText: '登录日志' });
    expect(first.logContent).toContain('登录成功');
    const times = res.body.result.records.map((r: { createTime: string }) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('finds operation lines by keyword and by date range; refuses a malformed date', async () => {
    const ops = await admin.get('/sys/log/list', { logType: 2, keyWord: 'cgform/api/form' });
    expect(ops.body.result.total).toBeGreaterThan(0);
    expect(ops.body.result.records.every((r: { logContent: string }) => r.logContent.includes('cgform/api/form'))).toBe(true);
    expect(ops.body.result.records[0]).toHaveProperty('operateType_dictText', '修改');
    const none = await admin.get('/sys/log/list', { createTime_begin: '2000-01-01', createTime_end: '2000-01-01' });
    expect(none.body.result.total).toBe(0);
    const bad = await admin.get('/sys/log/list', { createTime_begin: '2026/01/01' });
    expect(bad.body).toMatchObject({ success: false, code: 500 });
  });

  it('refuses the list and deletion without the menu and button (403), deletes with them', async () => {
    expect((await wangfang.get('/sys/log/list')).status).toBe(403);
    expect((await wangfang.del('/sys/log/deleteBatch', { ids: 'allclear' })).status).toBe(403);
    const count = async () =>
      Number(
        (
          await server.ctx.db
            .selectFrom('sys_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    const one = (await admin.get('/sys/log/list', { pageSize: 1 })).body.result.records[0];
    expect((await admin.del('/sys/log/delete', { id: one.id })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await server.ctx.db.selectFrom('sys_log').select('id').where('id', '=', one.id).executeTakeFirst()).toBeUndefined();
    expect((await admin.del('/sys/log/deleteBatch', { ids: 'allclear' })).body.success).toBe(true);
    // only lines written after the clear remain (the operation log of the clear itself)
    expect(await count()).toBeLessThanOrEqual(1);
  });
});
