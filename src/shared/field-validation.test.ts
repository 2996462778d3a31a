import { describe, expect, it } from 'vitest';
import type { ScreenField } from './generated/screen-schema.js';
import { fieldValidation, validateFieldValue } from './field-validation.js';
import { checkStorage } from './storage-limits.js';

const f = (over: Partial<ScreenField>): ScreenField => ({ name: 'x', title: '字段', widget: 'input', dbType: 'string', ...over });

describe('validateFieldValue (the pipeline without the unique check)', () => {
  it('checks required first', () => {
    expect(validateFieldValue(f({ required: true, title: '账户名称' }), '')).toBe('请输入账户名称!');
    expect(validateFieldValue(f({ required: true, title: '币种', widget: 'select' }), null)).toBe('请选择币种!');
    expect(validateFieldValue(f({ required: true, title: '账户名称' }), '   ')).toBe('请输入账户名称!');
    expect(validateFieldValue(f({ required: true }), 0 as unknown)).toBeNull();
  });
  it('treats * as required with its own message', () => {
    expect(validateFieldValue(f({ validType: '*' }), '')).toBe('该字段不能为空');
    expect(validateFieldValue(f({ validType: '*' }), 'a')).toBeNull();
  });
  it('runs patterns only on non-empty values', () => {
    const phone = f({ validType: 'm' });
    expect(validateFieldValue(phone, '')).toBeNull();
    expect(validateFieldValue(phone, undefined)).toBeNull();
    expect(validateFieldValue(phone, '123')).toBe('请输入正确的手机号码');
    expect(validateFieldValue(phone, '13800138000')).toBeNull();
    expect(validateFieldValue(f({ validType: '^\\d+$', validMessage: '只能是数字' }), 'a1')).toBe('只能是数字');
    expect(validateFieldValue(f({ validType: 'only' }), 'anything')).toBeNull();
  });
  it('checks string length against dbLength (default 255), counting characters', () => {
    expect(validateFieldValue(f({ title: '名称', dbLength: 3 }), '中文字')).toBeNull();
    expect(validateFieldValue(f({ title: '名称', dbLength: 3 }), 'abcd')).toBe('名称长度不能超过3个字符');
    expect(validateFieldValue(f({ title: '名称' }), 'a'.repeat(256))).toBe('名称长度不能超过255个字符');
    expect(validateFieldValue(f({ title: '备注', dbType: 'Text' }), 'a'.repeat(5000))).toBeNull();
    expect(validateFieldValue(f({ title: '名称' }), { a: 1 })).toBe('名称格式不正确');
  });
  it('checks int values', () => {
    const seats = f({ title: '座位数', dbType: 'int', widget: 'inputNumber' });
    expect(validateFieldValue(seats, 5)).toBeNull();
    expect(validateFieldValue(seats, '-5')).toBeNull();
    expect(validateFieldValue(seats, 5.5)).toBe('座位数必须为整数');
    expect(validateFieldValue(seats, 'abc')).toBe('座位数必须为整数');
    expect(validateFieldValue(seats, 2147483648)).toBe('座位数超出整数范围');
  });
  it('checks double values', () => {
    const d = f({ title: '比例', dbType: 'double' });
    expect(validateFieldValue(d, 1.25)).toBeNull();
    expect(validateFieldValue(d, 'x')).toBe('比例必须为数字');
  });
  it('checks BigDecimal scale and precision', () => {
    const money = f({ title: '余额', dbType: 'BigDecimal', dbLength: 6, dbPointLength: 2, widget: 'inputNumber' });
    expect(validateFieldValue(money, '1234.56')).toBeNull();
    expect(validateFieldValue(money, 1234.5)).toBeNull();
    expect(validateFieldValue(money, '-0.5')).toBeNull();
    expect(validateFieldValue(money, '1.234')).toBe('余额最多2位小数');
    expect(validateFieldValue(money, '12345.6')).toBe('余额整数部分不能超过4位');
    expect(validateFieldValue(money, 'abc')).toBe('余额必须为数字');
    expect(validateFieldValue(f({ title: '余额', dbType: 'BigDecimal' }), '1234567890123456.12')).toBeNull();
    expect(validateFieldValue(f({ title: '余额', dbType: 'BigDecimal', validType: 'money' }), '1.234')).toBe('请输入正确的金额');
  });
  it('checks Date and Datetime formats and real dates', () => {
    const d = f({ title: '开户日期', dbType: 'Date', widget: 'date' });
    expect(validateFieldValue(d, '2024-02-29')).toBeNull();
    expect(validateFieldValue(d, '2023-02-29')).toBe('开户日期格式应为YYYY-MM-DD');
    expect(validateFieldValue(d, '2024-13-01')).toBe('开户日期格式应为YYYY-MM-DD');
    expect(validateFieldValue(d, '2024/01/01')).toBe('开户日期格式应为YYYY-MM-DD');
    const t = f({ title: '时间', dbType: 'Datetime', widget: 'datetime' });
    expect(validateFieldValue(t, '2024-01-31 23:59:59')).toBeNull();
    expect(validateFieldValue(t, '2024-01-31 24:00:00')).toBe('时间格式应为YYYY-MM-DD HH:mm:ss');
    expect(validateFieldValue(t, '2024-01-31')).toBe('时间格式应为YYYY-MM-DD HH:mm:ss');
  });
  it('checkStorage ignores unknown dbTypes', () => {
    expect(checkStorage(f({ dbType: 'blob' as ScreenField['dbType'] }), 'x')).toBeNull();
  });
});

describe('fieldValidation (spec 5.1, 5.4 order)', () => {
  it('checks the code, then the spec 5.1 rules, then the storage limit; first failure wins', () => {
    const field = f({ title: '编号', validType: 'z', minLength: 2, dbLength: 4 });
    expect(validateFieldValue(field, 'ab')).toBe('请输入整数');
    expect(validateFieldValue(field, '1')).toBe('最小长度2位字符');
    expect(validateFieldValue(field, '12345')).toBe('编号长度不能超过4个字符');
    expect(validateFieldValue(field, '123')).toBeNull();
  });
  it('tests a list joined by commas, as stored, and skips the storage limit for it', () => {
    const field = f({ title: '选项', validType: '^[a-z,]+$', dbLength: 3, maxItems: 2 });
    expect(validateFieldValue(field, ['a', 'b'])).toBeNull();
    expect(validateFieldValue(field, ['a', 'B'])).toBe('格式不正确');
    expect(validateFieldValue(field, ['a', 'b', 'c'])).toBe('最多选择2项');
  });
  it('decides the empty-value message: required (formRule set first), the code *, or none', () => {
    expect(fieldValidation(f({ required: true, formRule: 'mobile' })).emptyMessage).toBe('请输入手机号');
    expect(fieldValidation(f({ required: true, validType: '*', title: '名称' })).emptyMessage).toBe('请输入名称!');
    expect(fieldValidation(f({ validType: '*' })).emptyMessage).toBe('该字段不能为空');
    expect(fieldValidation(f({})).emptyMessage).toBeNull();
    expect(fieldValidation(f({ title: '币种', widget: 'select' })).requiredMessage).toBe('请选择币种!');
  });
  it('lets linkage decide required, while * still refuses an empty value', () => {
    expect(validateFieldValue(f({ title: '账号' }), '', { required: true })).toBe('请输入账号!');
    expect(validateFieldValue(f({ required: true }), '', { required: false })).toBeNull();
    expect(validateFieldValue(f({ validType: '*' }), '', { required: false })).toBe('该字段不能为空');
  });
  it('marks unique fields: unique true or the code only', () => {
    expect(fieldValidation(f({ unique: true })).unique).toBe(true);
    expect(fieldValidation(f({ validType: 'only' })).unique).toBe(true);
    expect(fieldValidation(f({ validType: 'm' })).unique).toBe(false);
  });
});
