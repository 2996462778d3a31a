import { describe, expect, it } from 'vitest';
import { isEmptyValue, requiredMessage, resolveRule, RULE_CODES } from './rule-codes.js';

describe('RULE_CODES (spec 5.4)', () => {
  const cases: [code: string, message: string, ok: string[], bad: string[]][] = [
    ['n6-16', '请输入6-16位数字', ['123456', '1234567890123456'], ['12345', '12345678901234567', '12345a']],
    ['*6-16', '请输入6-16位任意字符', ['abc 12', '中文中文中文'], ['abcde', 'a'.repeat(17)]],
    ['s6-18', '请输入6-18位字母', ['abcdef', 'ABCdefGHIjklMNOpqr'], ['abcde', 'abcde1', 'a'.repeat(19)]],
    [
      'url',
      '请输入正确的网址',
      ['http://a.com', 'https://www.example.com/p?q=1#h', 'www.example.com', 'ftp://x.org:21/f'],
      ['not a url', 'http://', 'abc'],
    ],
    ['e', '请输入正确的电子邮件', ['a@b.com', 'first.last+tag@mail.example.cn'], ['a@b', 'ab.com', 'a b@c.com']],
    [
      'm',
      '请输入正确的手机号码',
      ['13800138000', '19912345678', '16612345678'],
      ['12800138000', '1380013800', '138001380001', '23800138000'],
    ],
    ['p', '请输入正确的邮政编码', ['100000', '010010'], ['10000', '1000000', 'abcdef']],
    ['s', '请输入字母', ['abc', 'ABC'], ['ab1', '中文']],
    ['n', '请输入数字', ['1', '-1', '1.5', '-0.25'], ['1.', 'a', '1.2.3', '--1']],
    ['z', '请输入整数', ['0', '12', '-7'], ['1.5', 'a', '']],
    ['*', '该字段不能为空', ['a'], ['', '   ']],
    ['money', '请输入正确的金额', ['0', '12', '12.3', '12.34', '-5.01'], ['12.345', '1.', 'a', '1,000']],
  ];
  it.each(cases)('%s', (code, message, ok, bad) => {
    const rule = RULE_CODES[code];
    expect(rule.message).toBe(message);
    for (const v of ok) expect(rule.pattern.test(v), `${code} accepts ${v}`).toBe(true);
    for (const v of bad) expect(rule.pattern.test(v), `${code} refuses ${v}`).toBe(false);
  });
  it('has exactly the spec codes', () => {
    expect(Object.keys(RULE_CODES).sort()).toEqual(['*', '*6-16', 'e', 'm', 'money', 'n', 'n6-16', 'p', 's', 's6-18', 'url', 'z'].sort());
  });
});

describe('resolveRule', () => {
  it('resolves a code, letting validMessage override', () => {
    expect(resolveRule('m')).toEqual({ pattern: RULE_CODES.m.pattern, message: '请输入正确的手机号码' });
    expect(resolveRule('m', '手机号不对')?.message).toBe('手机号不对');
  });
  it('treats anything else as a regular expression with 格式不正确 by default', () => {
    const r = resolveRule('^\\d{8,30}$');
    expect(r?.message).toBe('格式不正确');
    expect(r?.pattern.test('12345678')).toBe(true);
    expect(resolveRule('^\\d{8,30}$', '请输入正确的银行账号')?.message).toBe('请输入正确的银行账号');
  });
  it('gives null for only, empty and a broken expression', () => {
    expect(resolveRule('only')).toBeNull();
    expect(resolveRule('')).toBeNull();
    expect(resolveRule('([a-')).toBeNull();
  });
});

describe('requiredMessage / isEmptyValue', () => {
  it('uses 请选择 for select-like widgets and 请输入 for inputs', () => {
    for (const w of [
      'select',
      'radio',
      'sel_user',
      'sel_depart',
      'sel_search',
      'date',
      'datetime',
      'time',
      'switch',
      'file',
      'image',
      'upload',
    ]) {
      expect(requiredMessage({ title: '状态', widget: w })).toBe('请选择状态!');
    }
    for (const w of ['input', 'inputNumber', 'textarea', 'password'])
      expect(requiredMessage({ title: '名称', widget: w })).toBe('请输入名称!');
  });
  it('knows what is empty', () => {
    expect([undefined, null, '', '  ', []].every(isEmptyValue)).toBe(true);
    expect([0, false, 'a', ['a']].some(isEmptyValue)).toBe(false);
  });
});
