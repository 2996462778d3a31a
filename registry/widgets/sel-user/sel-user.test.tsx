import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'custodian', title: '账户负责人', widget: 'sel_user', dbType: 'string' } as const;

describe('sel_user', () => {
  it('a user select with the user-by-department button; realnames in the list', () => {
    const html = renderForm([{ ...field }], 'add');
    expect(html).toContain('data-testid="sel-user"');
    expect(html).toContain('data-testid="sel-user-open"');
    expect(renderForm([{ ...field, readOnly: true }], 'edit', { custodian: 'wangfang' })).toMatch(
      /data-testid="sel-user-open"[^>]*disabled=""|disabled=""[^>]*data-testid="sel-user-open"/,
    );
    expect(renderCell({ ...field }, 'wangfang', { custodian_dictText: '王芳' })).toContain('王芳');
  });
});
