import { describe, expect, it } from 'vitest';
import { checkedRules, confirmPasswordRules, FORM_RULES, requiredRules, selectRules, toAntdRules, validateValue } from './form-rules.js';

const v = (rules: keyof typeof FORM_RULES, value: unknown) => validateValue(value, FORM_RULES[rules]);

describe('spec 5.1 shared form rules', () => {
  it('mobile: required, then 1 + 3/4/5/7/8 + 9 digits', () => {
    expect(v('mobile', '')).toBe('请输入手机号');
    expect(v('mobile', '13800138000')).toBeNull();
    expect(v('mobile', '18912345678')).toBeNull();
    expect(v('mobile', '16612345678')).toBe('请输入正确手机号');
    expect(v('mobile', '1380013800')).toBe('请输入正确手机号');
  });
  it('user name: required, word characters, 4 to 18 with the 6-to-18 message', () => {
    expect(v('username', undefined)).toBe('请输入用户名');
    expect(v('username', 'ab-c')).toBe('只允许字母、数字、下划线');
    expect(v('username', 'abc')).toBe('长度6到18个字符');
    expect(v('username', 'abcd')).toBeNull();
    expect(v('username', 'a_1'.repeat(6))).toBeNull();
    expect(v('username', 'a'.repeat(19))).toBe('长度6到18个字符');
  });
  it('email is optional', () => {
    expect(v('email', '')).toBeNull();
    expect(v('email', 'a@b.cn')).toBeNull();
    expect(v('email', 'a@b')).toBe('邮箱格式不正确');
  });
  const table: [keyof typeof FORM_RULES, string, string[], string[]][] = [
    ['naturalNumber', '请输入自然数', ['0', '12'], ['-1', '1.5']],
    ['english', '请输入英文字符', ['abc'], ['1abc', 'ab c']],
    ['telephone', '请输入正确的座机号', ['010-12345678', '0755-1234567'], ['12345678', '010-123']],
    ['bankCard', '请输入正确的银行卡号码', ['6222021234567890123', '1234567890'], ['0123456789', '123456789', '1'.repeat(21)]],
    ['idNumber', '请输入正确的证件号码', ['E12345678', 'a'.repeat(50)], ['a'.repeat(51), 'E-123']],
    ['idCard', '请输入正确的身份证号码', ['11010519491231002X', '110105491231002'], ['1101051949123100', '110105194913310021']],
    ['qq', '请输入正确的QQ号码', ['10000', '123456789012'], ['1234', '0123456', '1234567890123']],
    ['url', '请输入以http和https开头的网址', ['http://a.com', 'https://a.b.com/x?y=1'], ['www.a.com', 'ftp://a.com']],
    ['enNum0to20', '请输入20位以内的英文字符和数字', ['abc123'], ['a'.repeat(21), 'ab_c']],
    ['cnEnSpace2to100', '请输入2到100位的中英文字符和空格', ['中文 abc', 'ab'], ['a', '中文1']],
    ['numLinefeed', '请输入数字和换行符', ['12\n34'], ['12 34', 'a']],
    ['char0to255', '请输入255位以内的字符', ['x'.repeat(255)], ['x'.repeat(256)]],
  ];
  it.each(table)('%s → %s', (name, message, ok, bad) => {
    for (const x of ok) expect(v(name, x), `${name} accepts ${x}`).toBeNull();
    for (const x of bad) expect(v(name, x), `${name} refuses ${x}`).toBe(message);
    expect(v(name, '')).toBeNull();
  });
  it('password change rules', () => {
    expect(v('newPassword', '')).toBe('密码应由8位或以上的字母和数字组成!');
    expect(v('newPassword', 'abcdefgh')).toBe('密码应由8位或以上的字母和数字组成!');
    expect(v('newPassword', '12345678')).toBe('密码应由8位或以上的字母和数字组成!');
    expect(v('newPassword', 'abc1234')).toBe('密码应由8位或以上的字母和数字组成!');
    expect(v('newPassword', 'abcd1234')).toBeNull();
    expect(v('newPassword', 'abc!@#$1')).toBeNull();
    expect(v('newPassword', 'abcd1234%')).toBe('密码应由8位或以上的字母和数字组成!');
    expect(v('oldPassword', '')).toBe('请输入旧密码!');
    let pwd = 'abcd1234';
    const confirm = confirmPasswordRules(() => pwd);
    expect(validateValue('', confirm)).toBe('请重新输入登录密码!');
    expect(validateValue('abcd1235', confirm)).toBe('两次输入的密码不一样！');
    expect(validateValue('abcd1234', confirm)).toBeNull();
    pwd = 'changed1';
    expect(validateValue('abcd1234', confirm)).toBe('两次输入的密码不一样！');
  });
});

describe('builders', () => {
  it('requiredRules with min and max length', () => {
    const rules = requiredRules({ message: '请输入名称', min: 2, max: 4 });
    expect(validateValue('', rules)).toBe('请输入名称');
    expect(validateValue('a', rules)).toBe('最小长度2位字符');
    expect(validateValue('abcde', rules)).toBe('最大长度4位字符');
    expect(validateValue('abc', rules)).toBeNull();
    expect(requiredRules()).toHaveLength(1);
  });
  it('selectRules', () => {
    expect(validateValue(undefined, selectRules('请选择类型'))).toBe('请选择类型');
    expect(validateValue('1', selectRules())).toBeNull();
  });
  it('checkedRules with min and max items', () => {
    const rules = checkedRules({ message: '请选择角色', min: 2, max: 3 });
    expect(validateValue([], rules)).toBe('请选择角色');
    expect(validateValue(['a'], rules)).toBe('最少选择2项');
    expect(validateValue(['a', 'b', 'c', 'd'], rules)).toBe('最多选择3项');
    expect(validateValue(['a', 'b'], rules)).toBeNull();
  });
});

describe('toAntdRules', () => {
  it('keeps declarative rules and turns check into an async validator', async () => {
    const rules = toAntdRules(confirmPasswordRules(() => 'abcd1234'));
    expect(rules[0]).toMatchObject({ required: true, whitespace: true, message: '请重新输入登录密码!' });
    const validator = rules[1].validator!;
    await expect(validator({}, 'abcd1234')).resolves.toBeUndefined();
    await expect(validator({}, '')).resolves.toBeUndefined();
    await expect(validator({}, 'x')).rejects.toThrow('两次输入的密码不一样！');
    expect(toAntdRules(FORM_RULES.mobile)[1]).toEqual({ pattern: FORM_RULES.mobile[1].pattern, message: '请输入正确手机号' });
  });
});
