import { describe, expect, it } from 'vitest';
import { permissionRow } from '../permission/permission-row.js';
import { buildMenuTree } from './menu-tree.js';

const row = (id: string, name: string, sortNo: number, parent: string | null = null) =>
  permissionRow({ id, name, menu_type: parent ? 1 : 0, sort_no: sortNo, parent_id: parent, url: `/${id}`, component: 'x/Page' });

describe('buildMenuTree', () => {
  it('orders each level by sort number, then by name, whatever order the rows come in', () => {
    const rows = [row('g', '系统管理', 90), row('b', '用户管理', 2, 'g'), row('a', '角色管理', 2, 'g'), row('c', '菜单管理', 1, 'g')];
    const names = (list: ReturnType<typeof buildMenuTree>) => list[0].children!.map((c) => c.meta.title);
    const once = names(buildMenuTree(rows));
    expect(once).toEqual(['菜单管理', '角色管理', '用户管理']);
    expect(names(buildMenuTree([...rows].reverse()))).toEqual(once);
  });
});
