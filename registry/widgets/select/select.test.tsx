import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'bankCode', title: '开户银行', widget: 'select', dbType: 'string', dictCode: 'bank_code' } as const;

describe('select', () => {
  it('a dictionary select with 请选择; multi shows one tag; the dictionary text in the list', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('请选择开户银行');
    expect(renderForm([{ ...field, extend: { multi: true } }], 'edit', { bank_code: 'A,B,C' })).toContain('+ 2 ...');
    expect(renderCell({ ...field }, 'ICBC', { bank_code_dictText: '中国工商银行' })).toContain('中国工商银行');
  });
  it('without a dictCode it warns 字典Code不能为空!', () => {
    expect(renderForm([{ name: 'x', title: '无字典', widget: 'select', dbType: 'string' }], 'add')).toContain('ant-select-status-warning');
  });
});
