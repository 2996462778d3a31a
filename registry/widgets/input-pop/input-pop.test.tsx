import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'memo', title: '备忘', widget: 'input_pop', dbType: 'string', dbLength: 500 } as const;

describe('input_pop', () => {
  it('is an input opening a text area, the text in detail and list (cut at 25 characters)', () => {
    expect(renderForm([{ ...field }], 'edit', { memo: '第一行' })).toContain('data-testid="input-pop"');
    expect(renderForm([{ ...field }], 'detail', { memo: '第一行' })).toContain('第一行');
    const long = '很'.repeat(30);
    expect(renderCell({ ...field }, long)).toContain('很'.repeat(25) + '...');
  });
});
