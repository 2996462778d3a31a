import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'deptCode', title: '所属部门', widget: 'sel_depart', dbType: 'string' } as const;

describe('sel_depart', () => {
  it('a tree select with placeholder 点击选择部门 and the department dialog button; names in the list', () => {
    const html = renderForm([{ ...field }], 'add');
    expect(html).toContain('点击选择部门');
    expect(html).toContain('data-testid="sel-depart-open"');
    expect(renderForm([{ ...field, extend: { multi: true } }], 'edit', { dept_code: 'a,b' })).toContain('+ 1 ...');
    expect(renderCell({ ...field }, 'd1', { dept_code_dictText: '财务部' })).toContain('财务部');
  });
});
