import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'note', title: '说明', widget: 'normal', dbType: 'string' } as const;

describe('normal', () => {
  it('shows its value as text in add, edit and detail forms, and in the list', () => {
    for (const mode of ['add', 'edit', 'detail'] as const) {
      const html = renderForm([{ ...field }], mode, { note: '只读文本' });
      expect(html).toContain('data-testid="normal-text">只读文本');
      expect(html).not.toContain('<input');
    }
    expect(renderCell({ ...field }, '只读文本')).toContain('只读文本');
  });
});
