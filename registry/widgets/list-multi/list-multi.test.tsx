import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'colors', title: '颜色', widget: 'list_multi', dbType: 'string', dictCode: 'color' } as const;

describe('list_multi', () => {
  it('is a multiple select showing one tag and a +n count (spec 9)', () => {
    const html = renderForm([{ ...field }], 'edit', { colors: 'red,green,blue' });
    expect(html).toContain('data-testid="select-multi"');
    expect(html).toContain('ant-select-multiple');
    expect(html).toContain('+ 2 ...');
    expect(renderForm([{ ...field }], 'add')).toContain('请选择颜色');
  });
  it('lists the dictionary texts, comma-joined', () => {
    expect(renderCell({ ...field }, 'red,green', { colors_dictText: '红,绿' })).toContain('红,绿');
  });
});
