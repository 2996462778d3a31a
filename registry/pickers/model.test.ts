import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRequest, failResult, okResult } from '../shared/fake-request.js';
import {
  clickSelection,
  onSelectionCell,
  PICKER_PAGE_SIZE,
  PICKER_PAGE_SIZES,
  PICKER_WIDTH,
  TREE_MAX_HEIGHT,
  checkPopupConfig,
  createTtlCache,
  keepChecked,
  mergeSelection,
  popupValues,
  singleSelectionError,
} from './model.js';
import { groupGet, loadPopupColumns, loadPopupData, loadPopupQueryInfo, popupQueryParams } from './popup-api.js';
import { filterDepartTree } from './DepartPickerModal.js';

describe('picker constants (spec 9)', () => {
  it('widths, paging and the tree height', () => {
    expect(PICKER_WIDTH).toMatchObject({ user: 1200, userByDepart: 1250, depart: 500, departField: 450, position: 1000 });
    expect(PICKER_PAGE_SIZE).toBe(5);
    expect(PICKER_PAGE_SIZES).toEqual(['5', '10', '20', '30']);
    expect(TREE_MAX_HEIGHT).toBe(400);
  });
});

describe('keepChecked (spec 4.6)', () => {
  it('single mode keeps only the newest checked key', () => {
    expect(keepChecked([], ['a'], false)).toEqual(['a']);
    expect(keepChecked(['a'], ['a', 'b'], false)).toEqual(['b']);
    expect(keepChecked(['b'], [], false)).toEqual([]);
  });
  it('multi mode keeps all', () => {
    expect(keepChecked(['a'], ['a', 'b'], true)).toEqual(['a', 'b']);
    expect(keepChecked(['a', 'b'], ['b'], true)).toEqual(['b']);
  });
});

describe('popup configuration (spec 5.6)', () => {
  it('needs code, origin and target fields', () => {
    expect(checkPopupConfig({ code: '', orgFields: 'a', destFields: 'x' })).toBe('popup参数未正确配置!');
    expect(checkPopupConfig({ code: 'r', orgFields: '', destFields: 'x' })).toBe('popup参数未正确配置!');
    expect(checkPopupConfig({ code: 'r', orgFields: 'a' })).toBe('popup参数未正确配置!');
  });
  it('needs as many origin as target fields', () => {
    expect(checkPopupConfig({ code: 'r', orgFields: 'a,b', destFields: 'x' })).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(checkPopupConfig({ code: 'r', orgFields: 'a, b', destFields: 'x,y' })).toBeNull();
  });
  it('maps picked rows to the target fields, several rows joined by commas', () => {
    const cfg = { code: 'r', orgFields: 'name,code', destFields: 'supplierName,supplierCode' };
    expect(popupValues([{ name: '甲', code: 'S1' }], cfg)).toEqual({ supplierName: '甲', supplierCode: 'S1' });
    expect(
      popupValues(
        [
          { name: '甲', code: 'S1' },
          { name: '乙', code: null },
        ],
        cfg,
      ),
    ).toEqual({ supplierName: '甲,乙', supplierCode: 'S1,' });
  });
  it('single-select submit needs exactly one row', () => {
    expect(singleSelectionError(0)).toBe('请选择一条记录');
    expect(singleSelectionError(2)).toBe('请选择一条记录');
    expect(singleSelectionError(1)).toBeNull();
  });
});

describe('createTtlCache (spec 9: popup requests cached 30 s)', () => {
  it('shares a request within the lifetime, reloads after it, drops failures', async () => {
    let t = 0;
    const cache = createTtlCache(30_000, () => t);
    const load = vi.fn(async () => 'x');
    await cache.get('k', load);
    t = 29_999;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    t = 30_000;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    const bad = vi.fn(() => Promise.reject(new Error('no')));
    await expect(cache.get('b', bad)).rejects.toThrow('no');
    await expect(cache.get('b', bad)).rejects.toThrow('no');
    expect(bad).toHaveBeenCalledTimes(2);
  });
});

describe('mergeSelection (business-record picker)', () => {
  it('keeps rows of other pages and follows the keys', () => {
    const sel = [{ id: '1', n: 'a' }];
    const page = [
      { id: '2', n: 'b' },
      { id: '3', n: 'c' },
    ];
    expect(mergeSelection(sel, page, ['1', '3'], 'id')).toEqual([sel[0], page[1]]);
    expect(mergeSelection(sel, page, ['3'], 'id')).toEqual([page[1]]);
  });
});

describe('popup report API (api-contract §8)', () => {
  afterEach(() => vi.useRealTimers());
  it('loads columns by code, query info and data by head id; columns and data cached 30 s per group', async () => {
    const request = fakeRequest((url) => {
      if (url.includes('getRpColumns'))
        return okResult({ columns: [{ title: '名称', dataIndex: 'name' }], dictOptions: {}, cgRpConfigId: 'h1' });
      if (url.includes('getQueryInfo')) return okResult([{ field: 'name', label: '名称', view: 'text', mode: 'single' }]);
      return okResult({ records: [{ id: 'r1', name: '甲' }], total: 1 });
    });
    const head = await loadPopupColumns(request, 'g', 'rep');
    expect(head.cgRpConfigId).toBe('h1');
    await loadPopupColumns(request, 'g', 'rep');
    await loadPopupColumns(request, 'other', 'rep');
    expect(request.calls.filter(([u]) => u === '/online/cgreport/api/getRpColumns/rep')).toHaveLength(2);
    expect(await loadPopupQueryInfo(request, 'h1')).toHaveLength(1);
    const params = { pageNo: 1, pageSize: 10, name: '*甲*' };
    expect((await loadPopupData(request, 'g', 'h1', params)).total).toBe(1);
    await loadPopupData(request, 'g', 'h1', params);
    expect(request.calls.filter(([u]) => u === '/online/cgreport/api/getData/h1')).toEqual([['/online/cgreport/api/getData/h1', params]]);
  });
  it('rejects with the server message', async () => {
    const request = fakeRequest(() => failResult('报表不存在'));
    await expect(groupGet(request, 'g', '/x')).rejects.toThrow('报表不存在');
    await expect(loadPopupQueryInfo(request, 'h')).rejects.toThrow('报表不存在');
  });
  it('wraps text searches with * and sends group ranges as _begin/_end', () => {
    const items = [
      { field: 'name', label: '名称', view: 'text', mode: 'single' },
      { field: 'status', label: '状态', view: 'list', mode: 'single' },
      { field: 'amount', label: '金额', view: 'number', mode: 'group' },
    ];
    expect(popupQueryParams(items, { name: ' 甲 ', status: '1', amount_begin: '10', amount_end: '' })).toEqual({
      name: '*甲*',
      status: '1',
      amount_begin: '10',
    });
  });
});

describe('picker search filters (spec 5.6: title contains the text)', () => {
  it('keeps matching departments with their ancestors', () => {
    const tree = [{ key: 'a', value: 'a', title: '总部', children: [{ key: 'b', value: 'b', title: '财务部', isLeaf: true }] }];
    expect(filterDepartTree(tree, '财务')).toEqual([
      { key: 'a', value: 'a', title: '总部', children: [{ key: 'b', value: 'b', title: '财务部', isLeaf: true }] },
    ]);
    expect(filterDepartTree(tree, '人事')).toEqual([]);
    expect(filterDepartTree(tree, '')).toEqual(tree);
  });
});

describe('a row click selects (user and record pickers)', () => {
  it('selects the row alone in single mode and toggles it in multi mode', () => {
    expect(clickSelection(['a'], 'b', false)).toEqual(['b']);
    expect(clickSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(clickSelection(['a', 'b'], 'a', true)).toEqual(['b']);
  });
  it('leaves a click on the checkbox or radio cell to the selection column', () => {
    const inCell = { closest: (s: string) => (s === '.ant-table-selection-column' ? {} : null) };
    expect(onSelectionCell(inCell as unknown as EventTarget)).toBe(true);
    expect(onSelectionCell({ closest: () => null } as unknown as EventTarget)).toBe(false);
    expect(onSelectionCell(null)).toBe(false);
  });
});
