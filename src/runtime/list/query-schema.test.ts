import { describe, expect, it } from 'vitest';
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
});
