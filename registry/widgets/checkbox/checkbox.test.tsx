import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';
import { onOffText } from './CheckboxEdit.js';

describe('checkbox', () => {
  it('with a dictionary: a checkbox group (options load in the browser), texts in the list', () => {
    const field = { name: 'tags', title: '标签', widget: 'checkbox', dbType: 'string', dictCode: 'sex' } as const;
    expect(renderForm([{ ...field }], 'add')).toContain('ant-checkbox-group');
    expect(renderCell({ ...field }, '1,2', { tags_dictText: '男,女' })).toContain('男,女');
  });
  it('without one: a single checkbox storing Y/N (or extend.options), 是/否 in the list', () => {
    const field = { name: 'agree', title: '同意', widget: 'checkbox', dbType: 'string' } as const;
    const html = renderForm([{ ...field }], 'edit', { agree: 'Y' });
    expect(html).toContain('data-testid="checkbox-single"');
    expect(html).toContain('ant-checkbox-checked');
    expect(renderCell({ ...field }, 'N')).toBe('否');
    expect(onOffText('1', { options: ['1', '0'] })).toBe('是');
    expect(onOffText('', undefined)).toBe('');
  });
});
