import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUERY_WIDGET_TYPES } from '../../shared/widget-types.js';
import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { compileQueryForm } from './query-schema.js';
import { toQueryParams } from './query-params.js';

const screen = {
  id: 'q_demo',
  title: '查询演示',
  tableName: 'q_demo',
  tableType: 'single',
  fields: [
    { name: 'deptCode', title: '管理部门', widget: 'sel_depart', dbType: 'string', queryMode: 'single', extend: { store: 'orgCode' } },
    { name: 'owner', title: '负责人', widget: 'sel_user', dbType: 'string', queryMode: 'single', extend: { store: 'id' } },
    { name: 'status', title: '状态', widget: 'select', dbType: 'string', dictCode: 'account_status', queryMode: 'single' },
  ],
} as unknown as ScreenSchema;

const props = (col: string) =>
  (compileQueryForm(screen, (w) => `W_${w}`).properties?.grid?.properties?.[col]?.['x-component-props'] ?? {}) as Record<string, unknown>;

describe('compileQueryForm', () => {
  it('hands each query widget the extend, dictCode and field of the form, so it stores the same key', () => {
    expect(props('dept_code')).toMatchObject({ extend: { store: 'orgCode' }, placeholder: '请选择管理部门' });
    expect((props('dept_code').screenField as { name: string }).name).toBe('deptCode');
    expect(props('owner')).toMatchObject({ extend: { store: 'id' } });
    expect(props('status')).toMatchObject({ dictCode: 'account_status' });
    // extend keys are not spread onto the control itself
    expect(props('dept_code')).not.toHaveProperty('store');
  });

  it('sends a picker value as equality under its column', () => {
    expect(toQueryParams(screen, { dept_code: 'A01A02', owner: 'u1' })).toEqual({ dept_code: 'A01A02', owner: 'u1' });
  });

  it('enters a field with its query widget of 查询配置 when set (a textarea with input, a select with list_multi, a text with sel_user) and sends it accordingly', () => {
    const q = {
      ...screen,
      fields: [
        { name: 'remark', title: '备注', widget: 'textarea', dbType: 'string', queryMode: 'single' },
        {
          name: 'kind',
          title: '类型',
          widget: 'select',
          dbType: 'string',
          dictCode: 'sex',
          queryMode: 'single',
          queryWidget: 'list_multi',
        },
        { name: 'maker', title: '制单人', widget: 'input', dbType: 'string', queryMode: 'single', queryWidget: 'sel_user' },
        { name: 'note', title: '说明', widget: 'textarea', dbType: 'string', queryMode: 'single', queryWidget: 'select', dictCode: 'sex' },
      ],
    } as unknown as ScreenSchema;
    const grid = compileQueryForm(q, (w) => `W_${w}`).properties?.grid?.properties ?? {};
    expect(['remark', 'kind', 'maker', 'note'].map((c) => grid[c]?.['x-component'])).toEqual([
      'W_input',
      'W_list_multi',
      'W_sel_user',
      'W_select',
    ]);
    expect(grid.kind?.['x-component-props']).toMatchObject({ dictCode: 'sex', placeholder: '请选择类型' });
    expect(grid.maker?.['x-component-props']).toMatchObject({ placeholder: '请选择制单人' });
    // input: a substring match; several values: an in-list; a user and a select: equality
    expect(toQueryParams(q, { remark: '急', kind: ['1', '2'], maker: 'admin', note: '1' })).toEqual({
      remark: '*急*',
      kind: '1,2',
      maker: 'admin',
      note: '1',
    });
  });

  it('lists in the meta-schema exactly the query widget types of the registry list', () => {
    const meta = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../schemas/meta/screen.schema.json'), 'utf8'));
    expect(meta.definitions.ScreenField.properties.queryWidget.enum).toEqual([...QUERY_WIDGET_TYPES]);
  });
});
