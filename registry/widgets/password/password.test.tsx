import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

const field = { name: 'secret', title: '口令', widget: 'password', dbType: 'string' } as const;

describe('password', () => {
  it('a password input; never shown in detail or list', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('type="password"');
    const detail = renderForm([{ ...field }], 'detail', { secret: 'S3cret' });
    expect(detail).toContain('******');
    expect(detail).not.toContain('S3cret');
    expect(renderCell({ ...field }, 'S3cret')).toBe('******');
    expect(renderCell({ ...field }, '')).toBe('');
  });
});
