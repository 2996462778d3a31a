import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { defaultRegistry } from '../../registry/index.js';
import { buildColumns } from './columns.js';

const screen: ScreenSchema = {
  id: 't',
  title: 'T',
  tableName: 't',
  tableType: 'single',
  template: 'normal',
  authPre: 't',
  fields: [
    { name: 'code', title: '编码', widget: 'input', dbType: 'string' },
    { name: 'phone', title: '电话', widget: 'input', dbType: 'string', sortable: false },
    { name: 'roles', title: '角色', widget: 'input', dbType: 'string', persist: false },
    { name: 'note', title: '备注', widget: 'input', dbType: 'string', sortable: true },
  ],
};

describe('list columns', () => {
  it('offer a sorter only on stored columns whose field is sortable (default true)', () => {
    const cols = buildColumns(screen, defaultRegistry, { column: 'code', order: 'asc' }, () => null);
    expect(cols.map((c) => [c.key, 'sorter' in c ? c.sorter : undefined])).toEqual([
      ['code', true],
      ['phone', false],
      ['roles', false],
      ['note', true],
      ['_action', undefined],
    ]);
  });

  it('draw a link field as a link with the row values filled in, http(s) in a new window; empty cells plain', () => {
    const linked: ScreenSchema = {
      ...screen,
      fields: [
        { name: 'code', title: '编码', widget: 'input', dbType: 'string', fieldHref: '/wms/detail?id=${id}&code=${code}' },
        { name: 'site', title: '网站', widget: 'input', dbType: 'string', fieldHref: 'https://example.com/${code}' },
      ],
    };
    const cols = buildColumns(linked, defaultRegistry, { column: 'code', order: 'asc' }, () => null);
    const cell = (i: number, row: Record<string, unknown>) => {
      const c = cols[i] as { dataIndex: string; render: (v: unknown, r: Record<string, unknown>) => ReactElement };
      return renderToStaticMarkup(c.render(row[c.dataIndex], row));
    };
    const row = { id: 'r 1', code: 'A&B', site: 'x' };
    expect(cell(0, row)).toContain('href="/wms/detail?id=r%201&amp;code=A%26B"');
    expect(cell(0, row)).not.toContain('target=');
    expect(cell(1, row)).toMatch(/href="https:\/\/example.com\/A%26B" target="_blank" rel="noopener noreferrer"/);
    expect(cell(0, { id: '1', code: '' })).not.toContain('<a');
  });
});
