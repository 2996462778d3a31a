import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { BASIC_DEMO_TABLES, client, login, startTestServer } from './harness.js';
import { download, sheetValues, upload, workbookOf, xlsx } from './excel-helpers.js';

// Import takes what the export writes and the list shows (dictionary texts, user and
// department names, 是/否), refuses anything else per row naming the allowed values, and a new
// record's 当前余额 (期初余额 plus collections less payments) is computed by the form and by an import.
let server: StartedServer;
let admin: ReturnType<typeof client>;
let token = '';
const base = '/online/cgform/api';

beforeAll(async () => {
  // the projects too: a seeded project account's 关联项目 is exported as its project's name
  server = await startTestServer({ seedDemoTables: [...BASIC_DEMO_TABLES, 'pm_project'] });
  token = await login(server, 'admin');
  admin = client(server, token);
});
afterAll(async () => server?.close());

const stored = async (accountNo: string) =>
  (
    await sql<
      Record<string, unknown>
    >`select bank_code, custodian, dept_code, online_banking, account_status, opening_balance, current_balance
      from fin_bank_account where account_no = ${accountNo}`.execute(server.ctx.db)
  ).rows[0];

/** The export of the one seeded account `accountNo`: header and that row. */
async function exportOne(accountNo: string): Promise<{ header: string[]; row: unknown[] }> {
  const res = await download(server, `${base}/exportXls/fin_bank_account`, { account_no: accountNo }, token);
  expect(res.statusCode).toBe(200);
  const [header, row] = sheetValues((await workbookOf(res.rawPayload)).worksheets[0]);
  return { header: header as string[], row };
}

describe('bank account import', () => {
  it('writes what the list shows and reads it back: names, dictionary texts and 是/否 become the stored keys', async () => {
    const seeded = (await admin.get(`${base}/getData/fin_bank_account`, { pageSize: 1, online_banking: 'Y' })).body.result.records[0];
    const { header, row } = await exportOne(seeded.account_no);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('开户银行')).toBe(seeded.bank_code_dictText);
    expect(cell('账户负责人')).toBe(seeded.custodian_dictText);
    expect(cell('管理部门')).toBe((await admin.get(`${base}/form/fin_bank_account/${seeded.id}`)).body.result.dept_code_dictText);
    expect(cell('开通网银')).toBe('是');
    const copy = [...row];
    copy[header.indexOf('账户名称')] = '导入回读测试账户';
    copy[header.indexOf('银行账号')] = '6200000900000001';
    const res = await upload(
      server,
      `${base}/importXls/fin_bank_account`,
      [{ name: 'round.xlsx', data: await xlsx([header, copy]) }],
      token,
    );
    expect(res.body).toMatchObject({ success: true, code: 200 });
    const back = await stored('6200000900000001');
    const original = await stored(seeded.account_no);
    expect(back).toMatchObject({
      bank_code: original.bank_code,
      custodian: original.custodian,
      dept_code: original.dept_code,
      online_banking: 'Y',
      account_status: original.account_status,
    });
  });

  it('refuses per row, naming the field and the allowed values, what the form would not let through', async () => {
    const { header, row } = await exportOne(
      (await admin.get(`${base}/getData/fin_bank_account`, { pageSize: 1 })).body.result.records[0].account_no,
    );
    const variant = (n: number, changes: Record<string, unknown>) => {
      const r = [...row];
      r[header.indexOf('账户名称')] = `导入校验账户${n}`;
      r[header.indexOf('银行账号')] = `62000009000001${String(n).padStart(2, '0')}`;
      for (const [title, v] of Object.entries(changes)) r[header.indexOf(title)] = v;
      return r;
    };
    const file = await xlsx([
      header,
      variant(1, { 开户银行: '火星银行' }),
      variant(2, { 账户负责人: '查无此人' }),
      variant(3, { 管理部门: '不存在的部门' }),
      variant(4, { 开通网银: '可能' }),
      variant(5, { 开通网银: 'N', 开户银行: 'ICBC' }),
      variant(6, { 开通网银: '否', 账户状态: '冻结中的状态' }),
    ]);
    const res = await upload(server, `${base}/importXls/fin_bank_account`, [{ name: 'bad.xlsx', data: file }], token);
    expect(res.body).toMatchObject({ success: true, code: 201 });
    const errors = sheetValues((await workbookOf((await download(server, res.body.result, {}, token)).rawPayload)).worksheets[0]);
    const reasons = errors.slice(1).map((r) => [r[0], r[r.length - 1]]);
    expect(reasons[0][0]).toBe(2);
    expect(reasons[0][1]).toMatch(/^开户银行「火星银行」不是可选值，可选：.*中国工商银行/);
    expect(reasons.slice(1)).toEqual([
      [3, '账户负责人「查无此人」不是系统中的用户（请填写用户姓名或账号）'],
      [4, '管理部门「不存在的部门」不是系统中的部门（请填写部门名称或编码）'],
      [5, '开通网银「可能」不是可选值，可选：是、否、Y、N'],
      [7, expect.stringMatching(/^账户状态「冻结中的状态」不是可选值，可选：正常、/)],
    ]);
    expect(await stored('6200000900000105')).toMatchObject({ online_banking: 'N', bank_code: 'ICBC' });
    for (const n of [1, 2, 3, 4, 6]) expect(await stored(`62000009000001${String(n).padStart(2, '0')}`)).toBeUndefined();
  });

  it('computes 当前余额 from 期初余额 on add, on edit and on import, never taking the sent value', async () => {
    const add = await admin.post(`${base}/form/fin_bank_account`, {
      account_name: '余额测试账户',
      account_no: '6200000900000201',
      bank_code: 'ICBC',
      branch_name: '中国工商银行北京丰台支行',
      account_type: '5',
      open_date: '2026-03-01',
      custodian: 'wangfang',
      opening_balance: '1234.56',
      current_balance: 999999,
    });
    expect(add.body.success).toBe(true);
    expect(await stored('6200000900000201')).toMatchObject({ opening_balance: 1234.56, current_balance: 1234.56 });
    // no collection or payment on this account: the balance follows the opening balance
    await admin.put(`${base}/form/fin_bank_account`, { id: add.body.result, opening_balance: 10 });
    expect(await stored('6200000900000201')).toMatchObject({ opening_balance: 10, current_balance: 10 });

    const { header, row } = await exportOne('6200000900000201');
    const copy = [...row];
    copy[header.indexOf('银行账号')] = '6200000900000202';
    copy[header.indexOf('期初余额')] = 500;
    copy[header.indexOf('当前余额')] = 1;
    const res = await upload(
      server,
      `${base}/importXls/fin_bank_account`,
      [{ name: 'balance.xlsx', data: await xlsx([header, copy]) }],
      token,
    );
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(await stored('6200000900000202')).toMatchObject({ opening_balance: 500, current_balance: 500 });
  });
});
