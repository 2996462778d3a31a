import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'remark', title: '备注', widget: 'textarea', dbType: 'string', dbLength: 500 } as const;

describe('textarea', () => {
  it('spans the form row, keeps line breaks in detail, cuts at 25 characters in the list', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('<textarea');
    expect(renderForm([{ ...field }], 'detail', { remark: '第一行\n第二行' })).toContain('第一行\n第二行');
    expect(renderCell({ ...field }, '字'.repeat(26))).toContain(`title="${'字'.repeat(26)}"`);
  });
});
