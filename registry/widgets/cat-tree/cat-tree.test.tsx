import { describe, expect, it } from 'vitest';
import { fakeRequest, okResult } from '../../shared/fake-request.js';
import { renderCell, renderForm } from '../../shared/test-render.js';
import { loadCategoryChildren, loadCategoryNames, loadCategoryRoot, loadCategoryTree } from './api.js';
import { categoryRoot } from './CatTreeEdit.js';

describe('cat_tree (category tree, api-contract §4.5)', () => {
  it('calls loadTreeRoot, loadTreeChildren, loadTreeData and loadDictItem', async () => {
    const request = fakeRequest((url) =>
      okResult(url.endsWith('loadDictItem') ? ['办公用品', '文具'] : [{ key: 'c1', title: '办公用品' }]),
    );
    await loadCategoryRoot(request, 'B01', '{"code":"x"}');
    await loadCategoryChildren(request, 'c1');
    await loadCategoryTree(request, 'B01');
    expect(await loadCategoryNames(request, ['c1', 'c2', 'c3'])).toEqual({ c1: '办公用品', c2: '文具' });
    expect(request.calls).toEqual([
      ['/sys/category/loadTreeRoot', { async: true, pcode: 'B01', condition: '{"code":"x"}' }],
      ['/sys/category/loadTreeChildren', { pid: 'c1' }],
      ['/sys/category/loadTreeData', { pcode: 'B01' }],
      ['/sys/category/loadDictItem', { ids: 'c1,c2,c3' }],
    ]);
    expect(categoryRoot({ pcode: 'B01' })).toBe('B01');
    expect(categoryRoot(undefined, 'B02')).toBe('B02');
  });
  it('renders the tree select, the condition error, and names in the list', () => {
    const field = { name: 'cat', title: '分类', widget: 'cat_tree', dbType: 'string', extend: { pcode: 'B01' } } as const;
    expect(renderForm([{ ...field }], 'add')).toContain('data-testid="cat-tree"');
    expect(renderForm([{ ...field, extend: { pcode: 'B01', condition: '[' } }], 'add')).toContain(
      '组件JTreeSelect-condition传值有误，需要一个json字符串!',
    );
    expect(renderCell({ ...field }, 'c1', { cat_dictText: '办公用品' })).toContain('办公用品');
  });
});
