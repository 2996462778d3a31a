import { describe, expect, it } from 'vitest';
import { rowToColumns, rowToProperties, toProperty } from './row-keys';

const screen = { fields: [{ name: 'roleCode' }, { name: 'roleName' }, { name: 'addr1Line' }] } as never;

describe('row keys of screens served at their own paths (api-contract §5)', () => {
  it('turns columns into camelCase properties, dictionary texts included', () => {
    const row = {
      id: '1',
      role_code: 'admin',
      role_name: '管理员',
      create_time: '2026-11-23 10:00:00',
      role_code_dictText: 'A',
      addr1_line: 'x',
    };
    expect(rowToProperties(screen, row)).toEqual({
      id: '1',
      roleCode: 'admin',
      roleName: '管理员',
      createTime: '2026-11-23 10:00:00',
      roleCode_dictText: 'A',
      addr1Line: 'x',
    });
  });

  it('round-trips back to the list runtime’s column keys', () => {
    const row = { id: '1', role_code: 'admin', create_by: 'admin', role_code_dictText: 'A', addr1_line: 'x' };
    expect(rowToColumns(screen, rowToProperties(screen, row))).toEqual(row);
  });

  it('leaves keys without underscores alone', () => {
    expect(toProperty('status')).toBe('status');
    expect(toProperty('has_child')).toBe('hasChild');
  });
});
