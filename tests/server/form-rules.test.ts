import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startTestServer } from './harness.js';

// A request that skips the form is refused with the form's own
// message, one case per rule family (spec 5.4 code, spec 5.1 rule set with its required message,
// builders, linkage), on the fixture screen tests/e2e/schemas/demo_form_runtime.json.
let server: StartedServer;
let admin: ReturnType<typeof client>;
const url = '/online/cgform/api/form/demo_form_runtime';
const valid = { title: '差旅报销', pay_method: '2', phone: '13812345678' };

beforeAll(async () => {
  const dirs = [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, '..', 'e2e', 'schemas')];
  server = await startTestServer({ schemasDirs: dirs });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const count = async () => Number((await sql<{ n: number }>`select count(*) as n from demo_form_runtime`.execute(server.ctx.db)).rows[0].n);

describe('the server validates like the form', () => {
  it.each([
    ['spec 5.4 rule code', { postcode: '1234' }, '请输入正确的邮政编码'],
    ['spec 5.1 rule set', { email: 'a@b' }, '邮箱格式不正确'],
    ['spec 5.1 required message of a rule set', { phone: '' }, '请输入手机号'],
    ['spec 5.1 pattern of a rule set', { phone: '16612345678' }, '请输入正确手机号'],
    ['min length builder', { title: '差' }, '最小长度2位字符'],
    ['max length builder', { title: '差'.repeat(21) }, '最大长度20位字符'],
    ['min items builder: an empty choice is not counted', { methods: [] as string[], title: '差旅' }, null],
    ['max items builder', { methods: ['1', '2', '3'] }, '最多选择2项'],
    ['linkage: required while shown', { pay_method: '1' }, '请输入银行账户!'],
    ['linkage: rule set of a shown field', { pay_method: '1', bank_account: '0123' }, '请输入正确的银行卡号码'],
  ])('%s', async (_family, patch, message) => {
    const before = await count();
    const res = await admin.post(url, { ...valid, ...patch });
    if (message === null) {
      expect(res.body.success).toBe(true);
      return;
    }
    expect(res.body).toMatchObject({ success: false, code: 500, message });
    expect(await count()).toBe(before);
  });

  it('a field hidden by linkage is neither required nor checked; defaults are filled', async () => {
    const res = await admin.post(url, { ...valid, pay_method: '2', bank_account: 'junk' });
    expect(res.body.success).toBe(true);
    const back = (await admin.get(`${url}/${res.body.result}`)).body.result;
    expect(back).toMatchObject({ pay_method: '2', applicant: 'admin' });
    const ok = await admin.post(url, { ...valid, pay_method: '1', bank_account: '6222021234567890', methods: '1,2' });
    expect(ok.body.success).toBe(true);
  });

  it('the duplicate check answers for a unique field, and the save refuses a taken value', async () => {
    expect((await admin.post(url, { ...valid, bill_code: 'BX001' })).body.success).toBe(true);
    const q = { tableName: 'demo_form_runtime', fieldName: 'bill_code', fieldVal: 'BX001' };
    expect((await admin.get('/sys/duplicate/check', q)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await admin.get('/sys/duplicate/check', { ...q, fieldVal: 'BX002' })).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await admin.post(url, { ...valid, bill_code: 'BX001' })).body).toMatchObject({ success: false });
    expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: '9ab' })).body).toMatchObject({
      success: false,
      message: '第一位只能是字母',
    });
  });
});
