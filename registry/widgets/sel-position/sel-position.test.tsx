import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'post', title: '职务', widget: 'sel_position', dbType: 'string' } as const;

describe('sel_position', () => {
  it('a tag field opening the position selector; names in the list', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('data-testid="sel-position-open"');
    expect(renderCell({ ...field }, 'P_MGR', { post_dictText: '部门经理' })).toContain('部门经理');
  });
});
