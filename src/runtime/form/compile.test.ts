import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import bankAccount from '../../../schemas/finance/fin_bank_account.json';
import vehicle from '../../../schemas/warehouse/wms_vehicle.json';
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { compileScreenForm, disabledFieldsFromAuth, FORM_GRID_KEY, type CompileOptions, type ISchemaLike } from './compile.js';
import { resolveDefaultValue } from '../../shared/default-value.js';

const bank = bankAccount as unknown as ScreenSchema;
const wms = vehicle as unknown as ScreenSchema;
const now = new Date(2024, 0, 2, 3, 4, 5);
const base: CompileOptions = { mode: 'add', widgetComponent: (w) => `W_${w}`, context: { username: 'admin', orgCode: 'A01', now } };
const grid = (schema: ISchemaLike) => schema.properties![FORM_GRID_KEY];
const props = (schema: ISchemaLike) => grid(schema).properties!;

/** Runs a compiled property's validators through a real Formily field. */
async function errorsOf(prop: ISchemaLike, value: unknown): Promise<string[]> {
  const form = createForm({ validateFirst: true });
  const field = form.createField({ name: 'f', required: prop.required, validator: prop['x-validator'] as never, value });
  await field.validate().catch(() => undefined);
  return field.selfErrors as string[];
}

describe('compileScreenForm — fin_bank_account', () => {
  const { schema, initialValues } = compileScreenForm(bank, base);

  it('builds a FormGrid of formTemplate columns with one property per form field, keyed by column', () => {
    expect(schema.type).toBe('object');
    expect(grid(schema)).toMatchObject({
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: 2, minColumns: 1, strictAutoFit: true },
    });
    expect(Object.keys(props(schema))).toEqual(
      bank.fields.filter((f) => f.showForm !== false).map((f) => f.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())),
    );
    expect(Object.keys(props(schema))).toContain('account_name');
  });

  it('fills title, decorator, component and component props', () => {
    const p = props(schema);
    expect(p.account_name).toMatchObject({
      title: '账户名称',
      'x-decorator': 'FormItem',
      'x-component': 'W_input',
      required: true,
      type: 'string',
    });
    expect(p.account_name['x-component-props']).toMatchObject({ placeholder: '请输入账户名称' });
    expect(p.bank_code['x-component-props']).toMatchObject({ placeholder: '请选择开户银行', dictCode: 'bank_code' });
    expect(p.dept_code['x-component-props']).toMatchObject({ extend: { store: 'orgCode' } });
    expect(p.opening_balance).toMatchObject({ type: 'number', 'x-component': 'W_inputNumber' });
    expect(p.custodian['x-component']).toBe('W_sel_user');
    expect(p.project_id['x-component-props']).toMatchObject({ dictCode: 'pm_project,project_name,id' });
  });

  it('disables readOnly fields, spans textarea over the row, sets no pattern outside detail mode', () => {
    const p = props(schema);
    expect(p.current_balance['x-disabled']).toBe(true);
    expect(p.account_name['x-disabled']).toBeUndefined();
    expect(p.remark['x-decorator-props']).toEqual({ gridSpan: 2 });
    expect(p.account_name['x-pattern']).toBeUndefined();
  });

  it('resolves default values in add mode (numbers stay numbers)', () => {
    expect(initialValues).toEqual({ currency: 'CNY', opening_balance: 0, dept_code: 'A01', online_banking: 'Y', account_status: '1' });
  });

  it('validates with the required message, the validType pattern and storage checks', async () => {
    const p = props(schema);
    expect(await errorsOf(p.account_name, '')).toEqual(['请输入账户名称!']);
    expect(await errorsOf(p.account_name, '  ')).toEqual(['请输入账户名称!']);
    expect(await errorsOf(p.bank_code, undefined)).toEqual(['请选择开户银行!']);
    expect(await errorsOf(p.account_no, '12ab')).toEqual(['请输入正确的银行账号']);
    expect(await errorsOf(p.account_no, '6222021234567890')).toEqual([]);
    expect(await errorsOf(p.bank_phone, '')).toEqual([]);
    expect(await errorsOf(p.bank_phone, '123')).toEqual(['请输入正确的手机号码']);
    expect(await errorsOf(p.opening_balance, '1.234')).toEqual(['请输入正确的金额']);
    expect(await errorsOf(p.opening_balance, '12.5')).toEqual([]);
    expect(await errorsOf(p.account_name, 'x'.repeat(101))).toEqual(['账户名称长度不能超过100个字符']);
    expect(await errorsOf(p.open_date, '2023-02-30')).toEqual(['开户日期格式应为YYYY-MM-DD']);
  });

  it('disables permission-controlled fields by name or column', () => {
    const p = props(compileScreenForm(bank, { ...base, disabledFields: new Set(['accountName', 'bank_code']) }).schema);
    expect(p.account_name['x-disabled']).toBe(true);
    expect(p.bank_code['x-disabled']).toBe(true);
    expect(p.branch_name['x-disabled']).toBeUndefined();
  });

  it('edit mode has no defaults; detail mode is read-pretty', () => {
    expect(compileScreenForm(bank, { ...base, mode: 'edit' }).initialValues).toEqual({});
    const detail = compileScreenForm(bank, { ...base, mode: 'detail' });
    expect(detail.initialValues).toEqual({});
    expect(Object.values(props(detail.schema)).every((p) => p['x-pattern'] === 'readPretty')).toBe(true);
  });

  it('throws an error naming the field and the widget when a widget is not registered', () => {
    expect(() => compileScreenForm(bank, { ...base, widgetComponent: (w) => (w === 'sel_user' ? undefined : `W_${w}`) })).toThrow(
      /custodian.*sel_user/,
    );
  });
});

describe('compileScreenForm — wms_vehicle', () => {
  const { schema, initialValues } = compileScreenForm(wms, base);
  const p = props(schema);

  it('maps every form field with its widget', () => {
    expect(Object.keys(p)).toHaveLength(wms.fields.length);
    expect(p.photo['x-component']).toBe('W_image');
    expect(p.license['x-component']).toBe('W_upload');
    expect(p.owner_dept['x-component-props']).toMatchObject({ placeholder: '请选择使用部门', extend: { store: 'orgCode' } });
    expect(p.remark['x-decorator-props']).toEqual({ gridSpan: 2 });
  });

  it('validates plate numbers, integers and dates', async () => {
    expect(await errorsOf(p.plate_no, '京A·12345')).toEqual([]);
    expect(await errorsOf(p.plate_no, 'ABC')).toEqual(['请输入正确的车牌号，如 京A·12345']);
    expect(await errorsOf(p.seats, 5)).toEqual([]);
    expect(await errorsOf(p.seats, 5.5)).toEqual(['请输入整数']);
    expect(await errorsOf(p.purchase_date, null)).toEqual(['请选择购置日期!']);
    expect(await errorsOf(p.vin, 'LSVAM4187C2184847')).toEqual([]);
    expect(await errorsOf(p.vin, 'LSVAM4187C218484')).toEqual(['车架号为17位字母或数字']);
  });

  it('has only literal defaults', () => {
    expect(initialValues).toEqual({ vehicle_status: '1' });
  });
});

describe('compile details', () => {
  const screen = (fields: ScreenSchema['fields'], formTemplate?: ScreenSchema['formTemplate']): ScreenSchema => ({
    id: 't_demo',
    title: '演示',
    tableName: 't_demo',
    tableType: 'single',
    template: 'normal',
    authPre: 't:demo',
    formTemplate,
    fields,
  });

  it('defaults to 2 columns, skips showForm false, hides hidden widgets, treats * as required', async () => {
    const s = screen([
      { name: 'aB', title: 'A', widget: 'input', dbType: 'string' },
      { name: 'skip', title: 'S', widget: 'input', dbType: 'string', showForm: false, defaultValue: 'x' },
      { name: 'token', title: 'T', widget: 'hidden', dbType: 'string' },
      { name: 'must', title: 'M', widget: 'input', dbType: 'string', validType: '*' },
      { name: 'memo', title: 'N', widget: 'textarea', dbType: 'Text' },
    ]);
    const out = compileScreenForm(s, base);
    expect(grid(out.schema)['x-component-props']).toEqual({ maxColumns: 2, minColumns: 1, strictAutoFit: true });
    expect(Object.keys(props(out.schema))).toEqual(['a_b', 'token', 'must', 'memo']);
    expect(out.initialValues).toEqual({});
    expect(props(out.schema).token['x-display']).toBe('hidden');
    expect(props(out.schema).must.required).toBe(true);
    expect(await errorsOf(props(out.schema).must, '')).toEqual(['该字段不能为空']);
    const four = compileScreenForm(screen(s.fields, 4), base);
    expect(grid(four.schema)['x-component-props']).toEqual({ maxColumns: 4, minColumns: 1, strictAutoFit: true });
    expect(props(four.schema).memo['x-decorator-props']).toEqual({ gridSpan: 4 });
  });

  it('resolves system variables', () => {
    const ctx = { username: 'jeecg', orgCode: 'A01A02', now };
    expect(resolveDefaultValue('#{sysUserCode}', ctx)).toBe('jeecg');
    expect(resolveDefaultValue('#{sys_user_code}', ctx)).toBe('jeecg');
    expect(resolveDefaultValue('#{sysOrgCode}', ctx)).toBe('A01A02');
    expect(resolveDefaultValue('#{sysDate}', ctx)).toBe('2024-01-02');
    expect(resolveDefaultValue('#{sysTime}', ctx)).toBe('2024-01-02 03:04:05');
    expect(resolveDefaultValue('#{sysUserCode}', {})).toBeUndefined();
    expect(resolveDefaultValue(0, ctx)).toBe(0);
    expect(resolveDefaultValue(false, ctx)).toBe(false);
    expect(resolveDefaultValue('', ctx)).toBeUndefined();
    expect(resolveDefaultValue(undefined, ctx)).toBeUndefined();
  });
});

describe('disabledFieldsFromAuth (docs/architecture.md "Permission model")', () => {
  const rule = (action: string, status = '1', type = '2') => ({ action, status, type });
  it('disables a controlled field the user does not hold', () => {
    const allAuth = [
      rule('fin:bank_account:form:accountName'),
      rule('fin:bank_account:form:bank_code'),
      rule('fin:bank_account:add', '1', '1'),
    ];
    expect([...disabledFieldsFromAuth(bank, allAuth, [])].sort()).toEqual(['accountName', 'bankCode']);
    expect([...disabledFieldsFromAuth(bank, allAuth, [{ action: 'fin:bank_account:form:accountName' }])]).toEqual(['bankCode']);
  });
  it('ignores inactive rules, type 1 rules and other screens; splits comma lists', () => {
    expect(disabledFieldsFromAuth(bank, [rule('fin:bank_account:form:accountName', '0')], []).size).toBe(0);
    expect(disabledFieldsFromAuth(bank, [rule('fin:bank_account:form:accountName', '1', '1')], []).size).toBe(0);
    expect(disabledFieldsFromAuth(bank, [rule('wms:vehicle:form:remark')], []).size).toBe(0);
    const both = [rule('fin:bank_account:form:remark,fin:bank_account:form:currency')];
    expect([...disabledFieldsFromAuth(bank, both, [{ action: 'fin:bank_account:form:currency' }])]).toEqual(['remark']);
  });
});
