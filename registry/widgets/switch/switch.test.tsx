import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'onlineBanking', title: '开通网银', widget: 'switch', dbType: 'string' } as const;

describe('switch', () => {
  it('on for the first option; 是/否 in detail and list', () => {
    expect(renderForm([{ ...field }], 'edit', { online_banking: 'Y' })).toContain('ant-switch-checked');
    expect(renderForm([{ ...field }], 'edit', { online_banking: 'N' })).not.toContain('ant-switch-checked');
    expect(renderForm([{ ...field }], 'detail', { online_banking: 'Y' })).toContain('是');
    expect(renderCell({ ...field, extend: { options: ['1', '0'] } }, '0')).toBe('否');
  });
});
