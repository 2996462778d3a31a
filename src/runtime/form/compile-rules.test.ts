import { createForm } from '@formily/core';
import { describe, expect, it, vi } from 'vitest';
import fixture from '../../../tests/e2e/schemas/demo_form_runtime.json';
import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { FORM_RULES } from '../../shared/form-rules.js';
import { RULE_CODES } from '../../shared/rule-codes.js';
import { checkScreen } from '../../shared/schema-check.js';
import { compileScreenForm, FORM_GRID_KEY, type CompileOptions, type ISchemaLike, type RemoteChecks } from './compile.js';

// Grid, modes, defaults, every validation code and message, server checks and linkage.
const demo = fixture as unknown as ScreenSchema;
const now = new Date(2026, 10, 23, 9, 8, 7);
const base: CompileOptions = { mode: 'add', widgetComponent: (w) => `W_${w}`, context: { username: 'admin', orgCode: 'A01', now } };
const grid = (schema: ISchemaLike) => schema.properties![FORM_GRID_KEY];
const props = (schema: ISchemaLike) => grid(schema).properties!;
const screen = (fields: ScreenField[], formTemplate?: ScreenSchema['formTemplate']): ScreenSchema => ({
  id: 't_demo',
  title: '演示',
  tableName: 't_demo',
  tableType: 'single',
  template: 'normal',
  authPre: 't:demo',
  formTemplate,
  fields,
});
const field = (over: Partial<ScreenField>): ScreenField => ({ name: 'f', title: '字段', widget: 'input', dbType: 'string', ...over });
const one = (over: Partial<ScreenField>, opts: Partial<CompileOptions> = {}) =>
  props(compileScreenForm(screen([field(over)]), { ...base, ...opts }).schema).f;

/** Runs a compiled property's validators through a real Formily field (all trigger types). */
async function errorsOf(prop: ISchemaLike, value: unknown): Promise<string[]> {
  const form = createForm({ validateFirst: true });
  const f = form.createField({ name: 'f', required: prop.required, validator: prop['x-validator'] as never, value });
  await f.validate().catch(() => undefined);
  return f.selfErrors as string[];
}

describe('grid and modes (item 5)', () => {
  it('lays out 1, 2 or 3 fields per row from formTemplate; full-row widgets span them all', () => {
    for (const n of [1, 2, 3] as const) {
      const out = compileScreenForm(screen([field({}), field({ name: 'memo', widget: 'textarea' })], n), base);
      expect(grid(out.schema)['x-component-props']).toEqual({ maxColumns: n, minColumns: 1, strictAutoFit: true });
      expect(props(out.schema).memo['x-decorator-props']).toEqual({ gridSpan: n });
    }
    expect(grid(compileScreenForm(demo, base).schema)['x-component-props']).toMatchObject({ maxColumns: 3 });
  });

  it('read-only mode shows every field in its widget, not editable; detail mode read-pretty; neither has defaults', () => {
    const ro = compileScreenForm(demo, { ...base, mode: 'readOnly' });
    expect(Object.values(props(ro.schema)).map((p) => p['x-pattern'])).toEqual(demo.fields.map(() => 'readOnly'));
    expect(ro.initialValues).toEqual({});
    const detail = compileScreenForm(demo, { ...base, mode: 'detail' });
    expect(Object.values(props(detail.schema)).every((p) => p['x-pattern'] === 'readPretty')).toBe(true);
    expect(detail.initialValues).toEqual({});
    expect(props(compileScreenForm(demo, { ...base, mode: 'edit' }).schema).title['x-pattern']).toBeUndefined();
  });

  it('fills literal, current user, department and date defaults in add mode', () => {
    const s = screen([
      field({ name: 'who', defaultValue: '#{sysUserCode}' }),
      field({ name: 'org', defaultValue: '#{sysOrgCode}' }),
      field({ name: 'day', widget: 'date', dbType: 'Date', defaultValue: '#{sysDate}' }),
      field({ name: 'at', widget: 'datetime', dbType: 'Datetime', defaultValue: '#{sysTime}' }),
      field({ name: 'lit', defaultValue: '草稿' }),
      field({ name: 'num', dbType: 'int', widget: 'inputNumber', defaultValue: 3 }),
    ]);
    expect(compileScreenForm(s, base).initialValues).toEqual({
      who: 'admin',
      org: 'A01',
      day: '2026-11-23',
      at: '2026-11-23 09:08:07',
      lit: '草稿',
      num: 3,
    });
    expect(compileScreenForm(demo, base).initialValues).toEqual({ applicant: 'admin', apply_date: '2026-11-23' });
    expect(props(compileScreenForm(demo, base).schema).applicant['x-disabled']).toBe(true);
  });
});

describe('rule codes of spec 5.4, each with its message (item 6)', () => {
  const cases: [string, unknown, unknown][] = [
    ['n6-16', '12345', '123456'],
    ['*6-16', 'abcde', 'ab cd!'],
    ['s6-18', 'abc123', 'abcdef'],
    ['url', 'not a url', 'www.example.com'],
    ['e', 'a@b', 'a@b.cn'],
    ['m', '12345678901', '13912345678'],
    ['p', '12345', '100000'],
    ['s', 'ab1', 'abc'],
    ['n', '1.2.3', '-1.5'],
    ['z', '1.5', '-12'],
    ['money', '1.234', '1.23'],
  ];
  it.each(cases)('%s refuses %j with its message and accepts %j', async (code, bad, good) => {
    const p = one({ validType: code });
    expect(await errorsOf(p, bad)).toEqual([RULE_CODES[code].message]);
    expect(await errorsOf(p, good)).toEqual([]);
    expect(await errorsOf(p, '')).toEqual([]);
  });
  it('spells every message as the spec gives it', () => {
    expect(Object.fromEntries(Object.entries(RULE_CODES).map(([k, v]) => [k, v.message]))).toEqual({
      'n6-16': '请输入6-16位数字',
      '*6-16': '请输入6-16位任意字符',
      's6-18': '请输入6-18位字母',
      url: '请输入正确的网址',
      e: '请输入正确的电子邮件',
      m: '请输入正确的手机号码',
      p: '请输入正确的邮政编码',
      s: '请输入字母',
      n: '请输入数字',
      z: '请输入整数',
      '*': '该字段不能为空',
      money: '请输入正确的金额',
    });
  });
  it('* is required with 该字段不能为空; a custom regex uses validMessage or 格式不正确', async () => {
    expect(await errorsOf(one({ validType: '*' }), ' ')).toEqual(['该字段不能为空']);
    expect(await errorsOf(one({ validType: '^A\\d{3}$', validMessage: '编号为A加3位数字' }), 'B123')).toEqual(['编号为A加3位数字']);
    expect(await errorsOf(one({ validType: '^A\\d{3}$' }), 'B123')).toEqual(['格式不正确']);
    expect(await errorsOf(one({ validType: '^A\\d{3}$' }), 'A123')).toEqual([]);
  });
});

describe('shared form rules of spec 5.1 (formRule) and the builders (item 6)', () => {
  const cases: [NonNullable<ScreenField['formRule']>, string, string, string][] = [
    ['mobile', '16612345678', '13812345678', '请输入正确手机号'],
    ['username', 'ab-c', 'ab_c1', '只允许字母、数字、下划线'],
    ['username', 'abc', 'abcd', '长度6到18个字符'],
    ['email', 'a@b', 'a.b@c.com', '邮箱格式不正确'],
    ['naturalNumber', '-1', '0', '请输入自然数'],
    ['english', 'ab1', 'Ab', '请输入英文字符'],
    ['telephone', '12345678', '010-12345678', '请输入正确的座机号'],
    ['bankCard', '0123456789', '6222021234567890', '请输入正确的银行卡号码'],
    ['idNumber', 'AB-12', 'AB12', '请输入正确的证件号码'],
    ['idCard', '11010519491231002', '11010519491231002X', '请输入正确的身份证号码'],
    ['qq', '1234', '12345', '请输入正确的QQ号码'],
    ['url', 'www.a.com', 'https://a.com/x', '请输入以http和https开头的网址'],
    ['enNum0to20', 'a'.repeat(21), 'abc123', '请输入20位以内的英文字符和数字'],
    ['cnEnSpace2to100', '中', '中文 En', '请输入2到100位的中英文字符和空格'],
    ['numLinefeed', '1a', '1\n2', '请输入数字和换行符'],
    ['char0to255', 'x'.repeat(256), 'x'.repeat(255), '请输入255位以内的字符'],
  ];
  it.each(cases)('%s refuses %j with its message and accepts %j', async (rule, bad, good, message) => {
    const p = one({ formRule: rule, dbType: 'Text' });
    expect(await errorsOf(p, bad)).toEqual([message]);
    expect(await errorsOf(p, good)).toEqual([]);
  });
  it('covers every rule set of FORM_RULES usable on a field', () => {
    const fieldRules = new Set(cases.map((c) => c[0]));
    expect(Object.keys(FORM_RULES).filter((k) => !fieldRules.has(k as never))).toEqual(['newPassword', 'oldPassword']);
  });
  it('a required field takes the rule set own required message (请输入手机号, 请输入用户名), else 请输入{title}!', async () => {
    expect(await errorsOf(one({ formRule: 'mobile', required: true }), '')).toEqual(['请输入手机号']);
    expect(await errorsOf(one({ formRule: 'username', required: true }), '')).toEqual(['请输入用户名']);
    expect(await errorsOf(one({ formRule: 'email', required: true }), '')).toEqual(['请输入字段!']);
    expect(await errorsOf(one({ formRule: 'mobile' }), '')).toEqual([]);
  });
  it('builders: 最小长度N位字符, 最大长度N位字符, 最少选择N项, 最多选择N项', async () => {
    const text = one({ minLength: 2, maxLength: 4 });
    expect(await errorsOf(text, '中')).toEqual(['最小长度2位字符']);
    expect(await errorsOf(text, '中文中文文')).toEqual(['最大长度4位字符']);
    expect(await errorsOf(text, '中文')).toEqual([]);
    const multi = one({ widget: 'checkbox', dictCode: 'sex', minItems: 2, maxItems: 3 });
    expect(await errorsOf(multi, '1')).toEqual(['最少选择2项']);
    expect(await errorsOf(multi, ['1', '2', '3', '4'])).toEqual(['最多选择3项']);
    expect(await errorsOf(multi, '1,2,3,4')).toEqual(['最多选择3项']);
    expect(await errorsOf(multi, '1,2')).toEqual([]);
    expect(await errorsOf(multi, [])).toEqual([]);
  });
  it('the fixture: required, builders and rules each with its message; first failure wins', async () => {
    const p = props(compileScreenForm(demo, base).schema);
    expect(await errorsOf(p.title, '')).toEqual(['请输入报销事由!']);
    expect(await errorsOf(p.title, '差')).toEqual(['最小长度2位字符']);
    expect(await errorsOf(p.phone, '')).toEqual(['请输入手机号']);
    expect(await errorsOf(p.phone, '1234')).toEqual(['请输入正确手机号']);
    expect(await errorsOf(p.pay_method, undefined)).toEqual(['请选择付款方式!']);
    expect(await errorsOf(p.postcode, '1')).toEqual(['请输入正确的邮政编码']);
    expect(await errorsOf(p.methods, '1,2,3')).toEqual(['最多选择2项']);
  });
});

describe('server checks: duplicate and check rule (item 6)', () => {
  const remote = (): RemoteChecks & { calls: unknown[] } => {
    const calls: unknown[] = [];
    return {
      calls,
      duplicate: vi.fn(async (args) => (calls.push(['dup', args]), args.fieldVal === 'taken' ? '该值不可用，系统中已存在！' : null)),
      checkRule: vi.fn(async (code, value) => (calls.push(['rule', code, value]), /^[a-zA-Z]/.test(value) ? null : '第一位只能是字母')),
    };
  };
  it('asks /sys/duplicate/check for a unique field (excluding the edited record) and shows the server message', async () => {
    const r = remote();
    const p = props(compileScreenForm(demo, { ...base, mode: 'edit', remote: r, recordId: 'r1' }).schema).bill_code;
    const dup = p['x-validator']!.filter((v) => v.triggerType === 'onBlur');
    expect(dup).toHaveLength(2);
    expect(await errorsOf(p, 'taken')).toEqual(['该值不可用，系统中已存在！']);
    expect(r.calls[0]).toEqual(['dup', { tableName: 'demo_form_runtime', fieldName: 'bill_code', fieldVal: 'taken', dataId: 'r1' }]);
    expect(await errorsOf(p, '9abc')).toEqual(['第一位只能是字母']);
    expect(r.calls).toContainEqual(['rule', 'common', '9abc']);
    expect(await errorsOf(p, 'abc')).toEqual([]);
    r.calls.length = 0;
    expect(await errorsOf(p, '')).toEqual([]);
    expect(r.calls).toEqual([]);
  });
  it('without remote checks the form only checks locally', () => {
    const p = props(compileScreenForm(demo, base).schema).bill_code;
    expect(p['x-validator']!.some((v) => v.triggerType === 'onBlur')).toBe(false);
  });
});

describe('linkage (item 7)', () => {
  /** A Formily form whose fields carry the compiled reactions and validators. */
  function formOf(s: ScreenSchema, values: Record<string, unknown> = {}) {
    const p = props(compileScreenForm(s, base).schema);
    const form = createForm({ values, validateFirst: true });
    for (const [key, prop] of Object.entries(p))
      form.createField({
        name: key,
        required: prop.required,
        validator: prop['x-validator'] as never,
        reactions: prop['x-reactions'] as never,
        component: [prop['x-component'], prop['x-component-props']],
      });
    return form;
  }

  it('shows and requires 银行账户 only while 付款方式 is 银行转账; sets 付款说明 for 现金', async () => {
    const form = formOf(demo);
    const bank = form.query('bank_account').take() as unknown as {
      visible: boolean;
      required: boolean;
      selfErrors: string[];
      validate(): Promise<void>;
    };
    expect(bank.visible).toBe(false);
    form.setValuesIn('pay_method', '1');
    expect(bank.visible).toBe(true);
    expect(bank.required).toBe(true);
    await bank.validate().catch(() => undefined);
    expect(bank.selfErrors).toEqual(['请输入银行账户!']);
    form.setValuesIn('bank_account', '0123');
    await bank.validate().catch(() => undefined);
    expect(bank.selfErrors).toEqual(['请输入正确的银行卡号码']);
    form.setValuesIn('pay_method', '2');
    expect(bank.visible).toBe(false);
    expect(form.values.pay_note).toBe('现金支付');
    // written when the condition becomes true; the user may change it afterwards
    form.setValuesIn('pay_note', '现金（已收）');
    expect(form.values.pay_note).toBe('现金（已收）');
    form.setValuesIn('pay_method', '1');
    form.setValuesIn('pay_method', '2');
    expect(form.values.pay_note).toBe('现金支付');
  });

  it('switches the options dictionary, and the required flag by in / notEmpty conditions', () => {
    const s = screen([
      field({ name: 'kind', widget: 'select', dictCode: 'sex' }),
      field({
        name: 'sub',
        widget: 'select',
        dictCode: 'yn',
        linkage: [
          { when: { field: 'kind', op: 'in', value: ['1', '3'] }, then: { dictCode: 'pay_method' } },
          { when: { field: 'kind', op: 'notEmpty' }, then: { required: true } },
        ],
      }),
    ]);
    const form = formOf(s);
    const sub = form.query('sub').take() as unknown as { componentProps: Record<string, unknown>; required: boolean };
    expect(sub.componentProps.dictCode).toBe('yn');
    expect(sub.required).toBe(false);
    form.setValuesIn('kind', '3');
    expect(sub.componentProps.dictCode).toBe('pay_method');
    expect(sub.required).toBe(true);
    form.setValuesIn('kind', '2');
    expect(sub.componentProps.dictCode).toBe('yn');
    form.setValuesIn('kind', null);
    expect(sub.required).toBe(false);
  });

  it('the schema checker refuses a linkage on an unknown field, naming the file and the field', () => {
    const bad = structuredClone(fixture) as unknown as ScreenSchema;
    bad.fields[3].linkage![0].when.field = 'payKind';
    const res = checkScreen(bad, 'demo/demo_form_runtime.json', new Set(['input', 'select', 'checkbox', 'date', 'textarea']));
    expect(res).toEqual({
      ok: false,
      problems: [
        {
          file: 'demo/demo_form_runtime.json',
          path: '/fields/3/linkage/0/when/field',
          message: '字段 bankAccount 的联动条件字段 payKind 不存在',
        },
      ],
    });
    const self = structuredClone(fixture) as unknown as ScreenSchema;
    self.fields[3].linkage![0].when.field = 'bankAccount';
    const r2 = checkScreen(self, 'x.json', new Set(['input', 'select', 'checkbox', 'date', 'textarea']));
    expect(r2.ok ? [] : r2.problems.map((p) => p.message)).toEqual(['字段 bankAccount 的联动条件不能引用自身']);
    expect(checkScreen(fixture, 'x.json', new Set(['input', 'select', 'checkbox', 'date', 'textarea'])).ok).toBe(true);
  });
});
