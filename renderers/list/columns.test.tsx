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
});
