import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import { grantRole } from './ops-helpers.js';
import type { StartedServer } from '../../src/server/start.js';
import { formatCodeDate } from '../../src/server/modules/rules/fill-rule.js';
import { loadConfig } from '../../src/server/config.js';
import path from 'node:path';

// Check rules and fill rules (api-contract §6.5, §6.6, business-screens.md §2.3).

let server: StartedServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  // one business screen whose document number is a fill-rule default (${oa_expense_no})
  server = await startTestServer({ schemasDirs: [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas-ops')] });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

const countOf = async (table: 'sys_check_rule' | 'sys_fill_rule') =>
  Number(
    (
      await server.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /sys/checkRule/checkByCode', () => {
  it('passes a value every entry accepts', async () => {
    const res = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'abc_123' });
    expect(res.body).toMatchObject({ success: true, code: 200 });
  });

  it('fails with the first failing entry: its message and the JeecgBoot result shape', async () => {
    const first = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: '1abc' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: false, code: 500, message: '第一位只能是字母' });
    expect(first.body.result).toEqual({
      digits: '1',
      pattern: '^[a-zA-Z]$',
      message: '第一位只能是字母',
      checkValue: '1',
      passed: false,
      beginIndex: 0,
      endIndex: 1,
    });
    const chars = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'ab-c' });
    expect(chars.body).toMatchObject({ success: false, message: '只能填写数字、大小写字母、下划线' });
    expect(chars.body.result).toMatchObject({ digits: '*', checkValue: 'ab-c', passed: false });
    expect(chars.body.result).not.toHaveProperty('beginIndex');
    const short = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'ab' });
    expect(short.body.message).toBe('最少输入3位');
    const long = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'abcdefghijklm' });
    expect(long.body.message).toBe('最多输入12位');
  });

  it('advances through the value by digits and reads a URL-encoded value once more', async () => {
    const ok = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'credit_code', value: '91350100M000100Y43' });
    expect(ok.body.success).toBe(true);
    const bad = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'credit_code', value: '91AB0100M000100Y43' });
    expect(bad.body).toMatchObject({ success: false, message: '第3-8位应为6位行政区划码' });
    expect(bad.body.result).toMatchObject({ checkValue: 'AB0100', beginIndex: 2, endIndex: 8 });
    const plate = await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'plate_no', value: encodeURIComponent('京A·12345') });
    expect(plate.body.success).toBe(true);
  });

  it('answers 该编码不存在 for an unknown code, to any signed-in user', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'abc' })).body.success).toBe(true);
    const res = await staff.get('/sys/checkRule/checkByCode', { ruleCode: 'no_such_rule', value: 'x' });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '该编码不存在' });
    expect((await client(server).get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'abc' })).status).toBe(401);
  });
});

describe('check-rule CRUD', () => {
  it('adds a rule whose JSON is checked, and uses it at once', async () => {
    const add = await admin.post('/sys/checkRule/add', {
      ruleName: '工号',
      ruleCode: 'work_no',
      ruleJson: JSON.stringify([
        { digits: '2', pattern: '^ZH$', message: '工号以ZH开头' },
        { digits: '*', pattern: '^ZH\\d{4}$', message: '工号为ZH加4位数字' },
      ]),
    });
    expect(add.body).toMatchObject({ success: true });
    expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'work_no', value: 'ZH0012' })).body.success).toBe(true);
    expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'work_no', value: 'AB0012' })).body.message).toBe('工号以ZH开头');
    const list = await admin.get('/sys/checkRule/list', { ruleCode: 'work_no' });
    expect(list.body.result.total).toBe(1);
  });

  it('refuses bad rule JSON with a message naming the entry, and writes nothing', async () => {
    const before = await countOf('sys_check_rule');
    const notArray = await admin.post('/sys/checkRule/add', { ruleName: 'x', ruleCode: 'bad1', ruleJson: '{"digits":"1"}' });
    expect(notArray.body.success).toBe(false);
    expect(notArray.body.message).toContain('规则JSON必须是数组');
    const badRegex = await admin.post('/sys/checkRule/add', {
      ruleName: 'x',
      ruleCode: 'bad2',
      ruleJson: JSON.stringify([{ digits: '1', pattern: '^[a-z$', message: 'm' }]),
    });
    expect(badRegex.body.message).toMatch(/^规则JSON第1条不正确：正则表达式不正确/);
    const badDigits = await admin.post('/sys/checkRule/add', {
      ruleName: 'x',
      ruleCode: 'bad3',
      ruleJson: JSON.stringify([
        { digits: '*', pattern: '.*', message: 'ok' },
        { digits: '0', pattern: 'a', message: 'm' },
      ]),
    });
    expect(badDigits.body.message).toBe('规则JSON第2条不正确：位数只能是正整数或 *');
    const dup = await admin.post('/sys/checkRule/add', {
      ruleName: 'x',
      ruleCode: 'common',
      ruleJson: '[{"digits":"*","pattern":".*","message":"m"}]',
    });
    expect(dup.body.success).toBe(false);
    expect(await countOf('sys_check_rule')).toBe(before);
  });
});

describe('fill rules', () => {
  it('generates the §2.3 document numbers: prefix, yyyyMM, 4-digit sequence', async () => {
    const month = formatCodeDate('yyyyMM', new Date());
    const a = await admin.put('/sys/fillRule/executeRuleByCode/oa_contract_no', { title: '任意表单数据' });
    const b = await admin.put('/sys/fillRule/executeRuleByCode/oa_contract_no', {});
    expect(a.body).toMatchObject({ success: true, result: `HTSP${month}0001` });
    expect(b.body.result).toBe(`HTSP${month}0002`);
  });

  it('gives 100 parallel calls 100 distinct codes like CG20261122-0001', async () => {
    const add = await admin.post('/sys/fillRule/add', {
      ruleName: '采购单号（按日）',
      ruleCode: 'cg_daily',
      ruleClass: 'org.jeecg.modules.system.rule.SerialNumberRule',
      ruleParams: JSON.stringify({ prefix: 'CG', dateFormat: 'yyyyMMdd', separator: '-', digits: 4 }),
    });
    expect(add.body).toMatchObject({ success: true });
    const staff = client(server, await login(server, 'wangfang'));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? admin : staff).put('/sys/fillRule/executeRuleByCode/cg_daily', {})),
    );
    const codes = answers.map((r) => r.body.result as string);
    expect(answers.every((r) => r.body.success)).toBe(true);
    expect(new Set(codes).size).toBe(100);
    const day = formatCodeDate('yyyyMMdd', new Date());
    for (const c of codes) expect(c).toMatch(new RegExp(`^CG${day}-\\d{4}$`));
    expect([...codes].sort()).toEqual(Array.from({ length: 100 }, (_, i) => `CG${day}-${String(i + 1).padStart(4, '0')}`));
  });

  it('runs several rules at once for a form (executeRuleByCodeBatch)', async () => {
    const res = await admin.put('/sys/fillRule/executeRuleByCodeBatch', {
      commonFormData: {},
      rules: [
        { ruleCode: 'pm_project_no', fieldName: 'projectNo' },
        { ruleCode: 'sup_code', fieldName: 'supplierCode' },
      ],
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result).toEqual([
      { ruleCode: 'pm_project_no', fieldName: 'projectNo', result: expect.stringMatching(/^XM\d{6}0001$/) },
      { ruleCode: 'sup_code', fieldName: 'supplierCode', result: expect.stringMatching(/^GYS\d{6}0001$/) },
    ]);
  });

  it('tests a rule without using its number up', async () => {
    const rule = await server.ctx.db
      .selectFrom('sys_fill_rule')
      .select('id')
      .where('rule_code', '=', 'fin_wages_no')
      .executeTakeFirstOrThrow();
    const month = formatCodeDate('yyyyMM', new Date());
    const t1 = await admin.get('/sys/fillRule/testFillRule', { ruleCode: 'fin_wages_no' });
    const t2 = await admin.get('/sys/fillRule/testFillRule', { id: rule.id });
    expect(t1.body).toMatchObject({ success: true, result: `GZ${month}0001`, message: `下一个生成的值：GZ${month}0001` });
    expect(t2.body.result).toBe(`GZ${month}0001`);
    expect((await admin.put('/sys/fillRule/executeRuleByCode/fin_wages_no', {})).body.result).toBe(`GZ${month}0001`);
  });

  it('refuses an unknown rule, an unknown class and bad parameters with clear messages, writing nothing', async () => {
    const unknown = await admin.put('/sys/fillRule/executeRuleByCode/no_such_rule', {});
    expect(unknown.body).toMatchObject({ success: false, code: 500, message: '未找到填值规则：no_such_rule' });
    const before = await countOf('sys_fill_rule');
    const badClass = await admin.post('/sys/fillRule/add', {
      ruleName: 'x',
      ruleCode: 'x1',
      ruleClass: 'org.example.Nope',
      ruleParams: '{}',
    });
    expect(badClass.body.message).toContain('未知的规则实现类「org.example.Nope」');
    const badParams = await admin.post('/sys/fillRule/add', {
      ruleName: 'x',
      ruleCode: 'x2',
      ruleClass: 'org.jeecg.modules.system.rule.SerialNumberRule',
      ruleParams: '{"prefix":"A B"}',
    });
    expect(badParams.body.message).toContain('规则参数不正确：前缀 prefix');
    const notJson = await admin.post('/sys/fillRule/add', {
      ruleName: 'x',
      ruleCode: 'x3',
      ruleClass: 'org.jeecg.modules.system.rule.SerialNumberRule',
      ruleParams: 'prefix=CG',
    });
    expect(notJson.body.message).toContain('应为 JSON 对象');
    expect(await countOf('sys_fill_rule')).toBe(before);
  });
});

describe('the form-fill use: a field default ${ruleCode}', () => {
  it('gives each added record the next number, whatever the form sends, and never the same one twice', async () => {
    const month = formatCodeDate('yyyyMM', new Date());
    const first = await admin.post('/online/cgform/api/form/tst_fill_doc', { title: '差旅', docNo: 'TYPED-BY-USER' });
    expect(first.body).toMatchObject({ success: true });
    const row = await admin.get(`/online/cgform/api/form/tst_fill_doc/${first.body.result}`);
    expect(row.body.result.doc_no).toBe(`BX${month}0001`);
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.post('/online/cgform/api/form/tst_fill_doc', { title: `报销${i}` })),
    );
    expect(many.every((r) => r.body.success)).toBe(true);
    const page = await admin.get('/online/cgform/api/getData/tst_fill_doc', { pageSize: 50 });
    const numbers = (page.body.result.records as { doc_no: string }[]).map((r) => r.doc_no);
    expect(new Set(numbers).size).toBe(21);
    expect(numbers.every((n) => new RegExp(`^BX${month}\\d{4}$`).test(n))).toBe(true);
  });
});

describe('permissions', () => {
  it('refuses rule screens to a user without their menus (403) and writes nothing', async () => {
    const staff = client(server, await login(server, 'wangfang'));
    expect((await staff.get('/sys/checkRule/list')).status).toBe(403);
    expect((await staff.get('/sys/fillRule/testFillRule', { ruleCode: 'fin_wages_no' })).status).toBe(403);
    const before = await countOf('sys_fill_rule');
    const add = await staff.post('/sys/fillRule/add', {
      ruleName: 'x',
      ruleCode: 'x9',
      ruleClass: 'org.jeecg.modules.system.rule.SerialNumberRule',
    });
    expect(add.status).toBe(403);
    expect(await countOf('sys_fill_rule')).toBe(before);
  });

  it('lets a reader of the fill-rule screen list rules but not edit or delete them', async () => {
    await grantRole(server, 'lina', ['/isystem/fillRule', '/isystem/checkRule']);
    const reader = client(server, await login(server, 'lina'));
    expect((await reader.get('/sys/fillRule/list')).body.success).toBe(true);
    const rule = await server.ctx.db
      .selectFrom('sys_fill_rule')
      .selectAll()
      .where('rule_code', '=', 'oa_seal_no')
      .executeTakeFirstOrThrow();
    expect((await reader.put('/sys/fillRule/edit', { id: rule.id, ruleName: '改名' })).status).toBe(403);
    expect((await reader.del('/sys/checkRule/delete', { id: 'whatever' })).status).toBe(403);
    expect((await reader.get('/sys/fillRule/testFillRule', { ruleCode: 'oa_seal_no' })).status).toBe(403);
    const after = await server.ctx.db.selectFrom('sys_fill_rule').select('rule_name').where('id', '=', rule.id).executeTakeFirstOrThrow();
    expect(after.rule_name).toBe(rule.rule_name);
  });
});
