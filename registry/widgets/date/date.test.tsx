import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

describe('date', () => {
  it('a date picker showing YYYY-MM-DD; the string in detail and list', () => {
    const field = { name: 'openDate', title: '开户日期', widget: 'date', dbType: 'Date' } as const;
    expect(renderForm([{ ...field }], 'edit', { open_date: '2026-03-02' })).toContain('value="2026-03-02"');
    expect(renderForm([{ ...field }], 'detail', { open_date: '2026-03-02' })).toContain('2026-03-02');
    expect(renderCell({ ...field }, '2026-03-02')).toContain('2026-03-02');
  });
});
