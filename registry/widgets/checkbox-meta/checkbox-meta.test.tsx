import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = {
  name: 'flag',
  title: '标记',
  widget: 'checkbox_meta',
  dbType: 'string',
  extend: { options: ['1', '0'] as [string, string] },
} as const;

describe('checkbox_meta', () => {
  it('one checkbox checked for the on option; 是/否 in detail and list', () => {
    expect(renderForm([{ ...field }], 'edit', { flag: '1' })).toContain('ant-checkbox-checked');
    expect(renderForm([{ ...field }], 'edit', { flag: '0' })).not.toContain('ant-checkbox-checked');
    expect(renderForm([{ ...field }], 'detail', { flag: '1' })).toContain('是');
    expect(renderCell({ ...field }, '0')).toBe('否');
  });
});
