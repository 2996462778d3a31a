import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

describe('radio', () => {
  it('a radio group over the dictionary, 字典Code不能为空! without one, the text in the list', () => {
    const field = { name: 'sex', title: '性别', widget: 'radio', dbType: 'string', dictCode: 'sex' } as const;
    expect(renderForm([{ ...field }], 'add')).toContain('ant-radio-group');
    expect(renderForm([{ name: 'x', title: '无字典', widget: 'radio', dbType: 'string' }], 'add')).toContain('字典Code不能为空!');
    expect(renderCell({ ...field }, '1', { sex_dictText: '男' })).toContain('男');
  });
});
