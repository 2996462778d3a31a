import { describe, expect, it } from 'vitest';
import { fakeRequest, okResult } from '../../shared/fake-request.js';
import { renderCell, renderForm } from '../../shared/test-render.js';
import { loadPositionLabels } from '../sel-position/index.js';
import { loadRoleCodeLabels, loadRoleLabels } from './index.js';

// sel_role, sel_position and sel_multi_user share registry/shared/PickerField.tsx.
describe('picker fields (role, position, multi-user)', () => {
  it('label stored keys through the picker endpoints', async () => {
    const roles = fakeRequest(() => okResult({ records: [{ id: 'r1', roleCode: 'admin', roleName: '管理员' }] }));
    expect(await loadRoleLabels(roles, ['r1', 'r9'])).toEqual({ r1: '管理员' });
    expect(roles.calls[0]).toEqual(['/sys/role/pickerList', { ids: 'r1,r9', pageSize: 2 }]);
    const codes = fakeRequest(() => okResult({ records: [{ id: 'r1', roleCode: 'admin', roleName: '管理员' }] }));
    expect(await loadRoleCodeLabels(codes, ['admin', 'x'])).toEqual({ admin: '管理员' });
    expect(codes.calls[0]).toEqual(['/sys/role/pickerList', { roleCodes: 'admin,x', pageSize: 2 }]);
    const positions = fakeRequest(() => okResult({ records: [{ code: 'P_MGR', name: '部门经理' }] }));
    expect(await loadPositionLabels(positions, ['P_MGR'])).toEqual({ P_MGR: '部门经理' });
    expect(positions.calls[0]).toEqual(['/sys/position/pickerList', { codes: 'P_MGR', pageSize: 1 }]);
  });
  it('render a tag field with the dialog button, placeholder 请选择, one tag shown', () => {
    for (const [widget, testId] of [
      ['sel_role', 'sel-role'],
      ['sel_position', 'sel-position'],
      ['sel_multi_user', 'sel-multi-user'],
    ]) {
      const field = { name: 'who', title: '选择', widget, dbType: 'string' as const };
      const add = renderForm([field], 'add');
      expect(add, widget).toContain(`data-testid="${testId}-open"`);
      expect(add, widget).toContain('请选择');
      const edit = renderForm([field], 'edit', { who: 'a,b,c' });
      expect(edit, widget).toContain('+ 2 ...');
      expect(renderCell(field, 'a,b', { who_dictText: '甲,乙' }), widget).toContain('甲,乙');
    }
  });
});
