import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

describe('datetime', () => {
  it('a date-time picker showing YYYY-MM-DD HH:mm:ss', () => {
    const field = { name: 'at', title: '时间点', widget: 'datetime', dbType: 'Datetime' } as const;
    expect(renderForm([{ ...field }], 'edit', { at: '2026-03-02 08:30:00' })).toContain('value="2026-03-02 08:30:00"');
    expect(renderCell({ ...field }, '2026-03-02 08:30:00')).toContain('2026-03-02 08:30:00');
  });
});
