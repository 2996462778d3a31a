import { describe, expect, it } from 'vitest';
import { filterPermissionTree, mergeVisibleChecks, permissionTreeKeys } from './permission-tree-filter';

const tree = [
  { key: 'home', title: '首页' },
  {
    key: 'fin',
    title: '财务管理',
    children: [
      {
        key: 'bank',
        title: '银行账户',
        children: [
          { key: 'bank-add', title: '新增', perms: 'fin:bank_account:add' },
          { key: 'bank-export', title: '导出', perms: 'fin:bank_account:export' },
        ],
      },
      { key: 'loan', title: '借款申请', children: [{ key: 'loan-add', title: '新增', perms: 'fin:loan:add' }] },
    ],
  },
];

describe('the permission tree search', () => {
  it('keeps a matching menu with all its buttons, and the path to it', () => {
    const shown = filterPermissionTree(tree, '银行');
    expect(permissionTreeKeys(shown)).toEqual(['fin', 'bank', 'bank-add', 'bank-export']);
  });

  it('matches button codes, case-insensitively, and keeps only the matching branches', () => {
    expect(permissionTreeKeys(filterPermissionTree(tree, 'FIN:LOAN'))).toEqual(['fin', 'loan', 'loan-add']);
    expect(permissionTreeKeys(filterPermissionTree(tree, ':add'))).toEqual(['fin', 'bank', 'bank-add', 'loan', 'loan-add']);
  });

  it('gives the tree unchanged for a blank text and nothing for a text no node has', () => {
    expect(filterPermissionTree(tree, '  ')).toBe(tree);
    expect(filterPermissionTree(tree, '仓库')).toEqual([]);
  });

  it('keeps the checked keys a search hides when a shown node is checked or unchecked', () => {
    const visible = new Set(permissionTreeKeys(filterPermissionTree(tree, '借款')));
    expect(mergeVisibleChecks(['home', 'bank', 'loan'], visible, ['loan-add']).sort()).toEqual(['bank', 'home', 'loan-add']);
  });
});
