import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'reviewers', title: '审核人', widget: 'sel_multi_user', dbType: 'string' } as const;

describe('sel_multi_user', () => {
  it('a tag field opening the multi-user picker; realnames in the list', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('data-testid="sel-multi-user-open"');
    expect(renderCell({ ...field }, 'admin,wangfang', { reviewers_dictText: '管理员,王芳' })).toContain('管理员,王芳');
  });
});
