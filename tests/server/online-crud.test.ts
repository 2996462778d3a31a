import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';

let server: StartedServer;
let admin: ReturnType<typeof client>;
const base = '/online/cgform/api';

const validAccount = (n: string) => ({
  account_name: `中冀智联工程技术有限公司测试专户${n}`,
  account_no: `62000001${n.padStart(8, '0')}`,
  bank_code: 'ICBC',
  branch_name: '中国工商银行北京丰台支行',
  account_type: '5',
  currency: 'CNY',
  open_date: '2026-03-01',
  custodian: 'wangfang',
  dept_code: 'A01A02',
  bank_phone: '13911112222',
  online_banking: 'Y',
  account_status: '1',
});

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

async function count(table: string): Promise<number> {
  const r = await server.ctx.db
    .selectFrom(table as never)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number((r as { n: number }).n);
}

describe('getColumns / getQueryInfo', () => {
  it('describes the list of a screen from its schema, with dictionary options and the screen itself', async () => {
    const res = await admin.get(`${base}/getColumns/fin_bank_account`);
    expect(res.body.success).toBe(true);
    const r = res.body.result;
    expect(r).toMatchObject({
      code: 'fin_bank_account',
      currentTableName: 'fin_bank_account',
      description: '银行账户',
      tableType: 1,
      paginationFlag: 'Y',
    });
    expect(r.columns.map((c: any) => c.dataIndex)).toContain('account_no');
    expect(r.columns.map((c: any) => c.dataIndex)).not.toContain('remark');
    expect(r.dictOptions.bank_code.find((o: any) => o.value === 'ICBC').text).toBe('中国工商银行');
    expect(r.hideColumns).toEqual([]);
    expect(r.screen.fields.length).toBe(18);
    const q = await admin.get(`${base}/getQueryInfo/wms_vehicle`);
    expect(q.body.result.map((f: any) => [f.field, f.mode])).toContainEqual(['purchase_date', 'group']);
  });

  it('answers an unknown screen with a clear message', async () => {
    const res = await admin.get(`${base}/getColumns/no_such_screen`);
    expect(res.body).toMatchObject({ success: false, message: '未找到页面配置：no_such_screen' });
  });
});

describe('getData', () => {
  it('pages the seeded rows sorted by create_time descending with dictionary texts', async () => {
    const res = await admin.get(`${base}/getData/fin_bank_account`, { pageNo: 1, pageSize: 10 });
    const page = res.body.result;
    expect(page.total).toBeGreaterThanOrEqual(100);
    expect(page.records).toHaveLength(10);
    expect(page).toMatchObject({ size: 10, current: 1, pages: Math.ceil(page.total / 10) });
    const times = page.records.map((r: any) => r.create_time);
    expect([...times].sort().reverse()).toEqual(times);
    const row = page.records[0];
    expect(row.bank_code_dictText).toBeTruthy();
    expect(row.account_status_dictText).toMatch(/正常|冻结|已销户/);
    expect(row.custodian_dictText).toMatch(/[\u4e00-\u9fa5]/);
    const p3 = await admin.get(`${base}/getData/fin_bank_account`, { pageNo: 3, pageSize: 20 });
    expect(p3.body.result.records).toHaveLength(20);
    expect(p3.body.result.records[0].id).not.toBe(row.id);
  });

  it("shows a user's new name in the list at once after 用户管理 renames them (the cached names drop)", async () => {
    const rowsOf = async () =>
      (await admin.get(`${base}/getData/fin_bank_account`, { pageNo: 1, pageSize: 50 })).body.result.records as any[];
    const row = (await rowsOf())[0];
    const user = await server.ctx.db
      .selectFrom('sys_user')
      .select(['id', 'realname'])
      .where('username', '=', row.custodian)
      .executeTakeFirstOrThrow();
    expect(row.custodian_dictText).toBe(user.realname);
    const rename = (realname: string) => admin.put('/sys/user/edit', { id: user.id, realname });
    expect((await rename('改名后的负责人')).body.success).toBe(true);
    try {
      expect((await rowsOf()).find((r) => r.id === row.id)?.custodian_dictText).toBe('改名后的负责人');
    } finally {
      await rename(user.realname ?? '');
    }
    expect((await rowsOf()).find((r) => r.id === row.id)?.custodian_dictText).toBe(user.realname);
  });

  it('filters with like, equality, in, not-equal and date ranges', async () => {
    const all = (await admin.get(`${base}/getData/wms_vehicle`, { pageSize: -521 })).body.result.records as any[];
    expect(all.length).toBeGreaterThanOrEqual(100);
    const sample = all[5];
    const like = await admin.get(`${base}/getData/wms_vehicle`, { plate_no: `*${sample.plate_no.slice(1, 4)}*` });
    expect(like.body.result.records.every((r: any) => r.plate_no.includes(sample.plate_no.slice(1, 4)))).toBe(true);
    expect(like.body.result.records.some((r: any) => r.id === sample.id)).toBe(true);
    const eq = await admin.get(`${base}/getData/wms_vehicle`, { vehicle_status: '1', pageSize: -521 });
    expect(eq.body.result.total).toBe(all.filter((r) => r.vehicle_status === '1').length);
    const inList = await admin.get(`${base}/getData/wms_vehicle`, { vehicleType: '1,2', pageSize: -521 });
    expect(inList.body.result.total).toBe(all.filter((r) => ['1', '2'].includes(r.vehicle_type)).length);
    const ne = await admin.get(`${base}/getData/wms_vehicle`, { vehicle_status: '!1', pageSize: -521 });
    expect(ne.body.result.total).toBe(all.filter((r) => r.vehicle_status !== '1').length);
    const range = await admin.get(`${base}/getData/wms_vehicle`, {
      purchase_date_begin: '2023-01-01',
      purchase_date_end: '2024-12-31',
      pageSize: -521,
    });
    expect(range.body.result.total).toBe(all.filter((r) => r.purchase_date >= '2023-01-01' && r.purchase_date <= '2024-12-31').length);
  });

  it('sorts by any list column, both ways, and refuses an unknown sort column', async () => {
    const asc = (await admin.get(`${base}/getData/wms_vehicle`, { column: 'mileage', order: 'asc', pageSize: 30 })).body.result.records.map(
      (r: any) => r.mileage,
    );
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
    const desc = (
      await admin.get(`${base}/getData/wms_vehicle`, { column: 'purchasePrice', order: 'desc', pageSize: 30 })
    ).body.result.records.map((r: any) => r.purchase_price);
    expect([...desc].sort((a, b) => b - a)).toEqual(desc);
    const bad = await admin.get(`${base}/getData/wms_vehicle`, { column: 'password; drop table x', order: 'asc' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：password; drop table x' });
  });

  it('ignores unknown parameters and refuses a badly typed filter with a clear message', async () => {
    const ok = await admin.get(`${base}/getData/wms_vehicle`, { nosuchcolumn: 'x', pageSize: 5 });
    expect(ok.body.result.records).toHaveLength(5);
    const bad = await admin.get(`${base}/getData/wms_vehicle`, { mileage: 'abc' });
    expect(bad.body).toMatchObject({ success: false, message: '查询条件「当前里程（km）」应为数字' });
  });
});

describe('add / edit / delete', () => {
  it('adds a record with defaults and system columns, reads it back, edits and deletes it', async () => {
    const body = validAccount('1');
    delete (body as Partial<typeof body>).currency;
    const add = await admin.post(`${base}/form/fin_bank_account`, body);
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.body.result as string;
    const got = (await admin.get(`${base}/form/fin_bank_account/${id}`)).body.result;
    expect(got).toMatchObject({
      account_no: body.account_no,
      currency: 'CNY',
      create_by: 'admin',
      sys_org_code: 'A01',
      opening_balance: 0,
    });
    expect(got.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const found = await admin.get(`${base}/getData/fin_bank_account`, { account_no: body.account_no });
    expect(found.body.result.records.map((r: any) => r.id)).toEqual([id]);
    const edit = await admin.put(`${base}/form/fin_bank_account`, { id, branch_name: '中国工商银行北京西站支行', account_status: '2' });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功！' });
    const after = (await admin.get(`${base}/form/fin_bank_account/${id}`)).body.result;
    expect(after).toMatchObject({
      branch_name: '中国工商银行北京西站支行',
      account_status: '2',
      account_status_dictText: '冻结',
      update_by: 'admin',
      account_no: body.account_no,
    });
    const del = await admin.del(`${base}/form/fin_bank_account/${id}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await admin.get(`${base}/form/fin_bank_account/${id}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('deletes several records at once with a comma list', async () => {
    const ids = [];
    for (const n of ['21', '22', '23']) ids.push((await admin.post(`${base}/form/fin_bank_account`, validAccount(n))).body.result);
    const before = await count('fin_bank_account');
    const del = await admin.del(`${base}/form/fin_bank_account/${ids.join(',')}`);
    expect(del.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await count('fin_bank_account')).toBe(before - 3);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const before = await count('fin_bank_account');
    const missing = await admin.post(`${base}/form/fin_bank_account`, { account_name: '缺字段' });
    expect(missing.status).toBe(200);
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toContain('请输入银行账号');
    const badNo = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('31'), account_no: '12-34' });
    expect(badNo.body).toMatchObject({ success: false, message: '请输入正确的银行账号' });
    const badPhone = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('32'), bank_phone: '12345' });
    expect(badPhone.body.message).toBe('请输入正确的手机号码');
    const badMoney = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('33'), opening_balance: '12.345' });
    expect(badMoney.body.message).toBe('请输入正确的金额');
    const badDate = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('34'), open_date: '2026-13-45' });
    expect(badDate.body.success).toBe(false);
    const tooLong = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('35'), remark: 'x'.repeat(501) });
    expect(tooLong.body.success).toBe(false);
    const notJson = await server.app.inject({
      method: 'POST',
      url: `/jeecg-boot${base}/form/fin_bank_account`,
      headers: { 'x-access-token': admin.token ?? '', 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(notJson.statusCode).toBe(200);
    expect(notJson.json()).toMatchObject({ success: false, message: '请求数据格式不正确' });
    expect(await count('fin_bank_account')).toBe(before);
  });

  it('refuses a duplicate account number (unique field) with a clear message', async () => {
    const first = await admin.post(`${base}/form/fin_bank_account`, validAccount('41'));
    expect(first.body.success).toBe(true);
    const before = await count('fin_bank_account');
    const dup = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('41'), account_name: '另一个账户' });
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toContain('已存在');
    expect(await count('fin_bank_account')).toBe(before);
  });

  it('keeps transactions whole under concurrent requests: one of 12 racing duplicates wins, reads go on', async () => {
    const before = await count('fin_bank_account');
    const racers = Array.from({ length: 12 }, (_, i) =>
      admin.post(`${base}/form/fin_bank_account`, { ...validAccount('71'), account_name: `并发账户${i}` }),
    );
    const readers = Array.from({ length: 12 }, () => admin.get(`${base}/getData/fin_bank_account`, { pageSize: 5 }));
    const results = await Promise.all(racers);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => !r.body.success).every((r) => r.status === 200 && r.body.message.includes('已存在'))).toBe(true);
    for (const r of await Promise.all(readers)) expect(r.body.result.records).toHaveLength(5);
    expect(await count('fin_bank_account')).toBe(before + 1);
  });

  it('does not let a request write read-only or system columns', async () => {
    const add = await admin.post(`${base}/form/fin_bank_account`, {
      ...validAccount('51'),
      current_balance: 999999,
      create_by: 'hacker',
      id: 'chosen-id',
    });
    const id = add.body.result;
    expect(id).not.toBe('chosen-id');
    const got = (await admin.get(`${base}/form/fin_bank_account/${id}`)).body.result;
    expect(got.create_by).toBe('admin');
    // computed by the server (opening balance + collections − payments), never taken from the body
    expect(got.current_balance).toBe(0);
  });
});

describe('permissions on the server', () => {
  it('refuses a user without the menu (403) and a write without the button code (403), writing nothing', async () => {
    const wms = client(server, await login(server, 'wms_demo'));
    const cols = await wms.get(`${base}/getColumns/fin_bank_account`);
    expect(cols.status).toBe(403);
    expect(cols.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
    expect((await wms.get(`${base}/getData/fin_bank_account`)).status).toBe(403);
    const list = await wms.get(`${base}/getData/wms_vehicle`, { pageSize: 1 });
    expect(list.status).toBe(200);
    const victim = list.body.result.records[0].id;
    const before = await count('wms_vehicle');
    const del = await wms.del(`${base}/form/wms_vehicle/${victim}`);
    expect(del.status).toBe(403);
    expect(await count('wms_vehicle')).toBe(before);
    const colsV = await wms.get(`${base}/getColumns/wms_vehicle`);
    expect(colsV.body.result.hideColumns).toEqual(['delete', 'batch_delete']);
  });

  it('ignores writes to a field disabled by an active type-2 rule the user does not hold', async () => {
    await server.ctx.db
      .insertInto('sys_permission')
      .values({
        id: 'rule-remark',
        name: '禁用备注',
        menu_type: 2,
        perms: 'fin:bank_account:form:remark',
        perms_type: '2',
        status: '1',
        del_flag: 0,
        sort_no: 99,
      } as never)
      .execute();
    server.ctx.perms.invalidate();
    try {
      const fin = client(server, await login(server, 'bss_demo'));
      const id = (await fin.post(`${base}/form/fin_bank_account`, { ...validAccount('81'), remark: '写入被禁用字段' })).body.result;
      expect((await fin.get(`${base}/form/fin_bank_account/${id}`)).body.result.remark).toBeNull();
      const cols = await fin.get(`${base}/getFormItem/fin_bank_account`);
      expect(cols.body.result.disabledFields).toEqual(['remark']);
      // the rule was added without granting it, so it limits admin too
      const adminId = (await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('82'), remark: '管理员写入' })).body.result;
      expect((await admin.get(`${base}/form/fin_bank_account/${adminId}`)).body.result.remark).toBeNull();
    } finally {
      await server.ctx.db.deleteFrom('sys_permission').where('id', '=', 'rule-remark').execute();
      server.ctx.perms.invalidate();
    }
  });

  it('checks values against the widget value schema (ajv) with a clear message', async () => {
    // within the column's length (the field pipeline's storage limit passes), outside the switch's options
    const res = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('91'), online_banking: 'X' });
    expect(res.body).toMatchObject({ success: false, message: '开通网银的值不符合要求' });
    const obj = await admin.post(`${base}/form/fin_bank_account`, { ...validAccount('92'), account_name: { $gt: '' } });
    expect(obj.body).toMatchObject({ success: false, message: '账户名称的值不符合要求' });
  });

  it('lets a read-only role list but not add', async () => {
    const gm = server.ctx.db;
    const someone = await gm
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select('u.username')
      .where('r.role_code', '=', 'general_manager')
      .executeTakeFirstOrThrow();
    const c = client(server, await login(server, someone.username));
    expect((await c.get(`${base}/getData/fin_bank_account`)).status).toBe(200);
    const add = await c.post(`${base}/form/fin_bank_account`, validAccount('61'));
    expect(add.status).toBe(403);
  });
});
