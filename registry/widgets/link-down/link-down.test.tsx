import { describe, expect, it } from 'vitest';
import { fakeRequest, okResult } from '../../shared/fake-request.js';
import { renderForm } from '../../shared/test-render.js';
import { linkDictCode, loadLinkLevel, toLinkOptions, type LinkDownConfig } from './api.js';

const linkDown: LinkDownConfig = {
  table: 'sys_area',
  txt: 'text',
  key: 'id',
  pidField: 'pid',
  pidValue: '86',
  linkField: ['city', 'district'],
};

describe('link_down (linked selects)', () => {
  it('loads a level through querySelectOptions', async () => {
    const request = fakeRequest(() => okResult([{ store: '110000', label: '北京市', id: '110000' }]));
    expect(await loadLinkLevel(request, linkDown, '86')).toEqual([{ value: '110000', label: '北京市', id: '110000' }]);
    expect(request.calls[0]).toEqual([
      '/online/cgform/api/querySelectOptions',
      { table: 'sys_area', txt: 'text', key: 'id', idField: 'id', pidField: 'pid', pidValue: '86' },
    ]);
    expect(toLinkOptions([{ value: 'a', text: 'A' }, { store: '' }])).toEqual([{ value: 'a', label: 'A', id: 'a' }]);
    expect(linkDictCode(linkDown)).toBe('sys_area,text,id');
  });
  it('the master renders one select per level; the linked fields render no control of their own', () => {
    const fields = [
      { name: 'province', title: '省', widget: 'link_down', dbType: 'string', extend: { linkDown } },
      { name: 'city', title: '市', widget: 'link_down', dbType: 'string', dictCode: 'sys_area,text,id' },
      { name: 'district', title: '区', widget: 'link_down', dbType: 'string', dictCode: 'sys_area,text,id' },
    ] as const;
    const html = renderForm(
      fields.map((f) => ({ ...f })),
      'edit',
      { province: '110000', city: '110100' },
    );
    for (const i of [0, 1, 2]) expect(html).toContain(`data-testid="link-down-${i}"`);
    expect(html.split('data-testid="link-down"').length - 1).toBe(1);
    expect(html).not.toContain('title="undefined"');
    expect(html).toContain('title="110000"');
  });
});
