import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';

describe('time', () => {
  it('a time picker showing HH:mm:ss', () => {
    const field = { name: 'startTime', title: '开始时间', widget: 'time', dbType: 'string', dbLength: 8 } as const;
    expect(renderForm([{ ...field }], 'edit', { start_time: '08:30:00' })).toContain('value="08:30:00"');
    expect(renderCell({ ...field }, '08:30:00')).toContain('08:30:00');
  });
});
