import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

describe('hidden', () => {
  it('renders no control or label in the form; the value in the list', () => {
    const field = { name: 'token', title: '隐藏值', widget: 'hidden', dbType: 'string' } as const;
    const html = renderForm([{ ...field }], 'edit', { token: 'h1' });
    expect(html).not.toContain('隐藏值');
    expect(html).not.toContain('<input');
    expect(renderCell({ ...field }, 'h1')).toContain('h1');
  });
});
