import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'accountName', title: '账户名称', widget: 'input', dbType: 'string', dbLength: 50 } as const;

describe('input', () => {
  it('an input with the 请输入 placeholder; the text in detail; the list cuts at 25 characters', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('placeholder="请输入账户名称"');
    expect(renderForm([{ ...field }], 'edit', { account_name: '基本户' })).toContain('value="基本户"');
    expect(renderForm([{ ...field }], 'detail', { account_name: '基本户' })).toContain('基本户');
    expect(renderCell({ ...field }, '长'.repeat(30))).toContain('长'.repeat(25) + '...');
  });
});
