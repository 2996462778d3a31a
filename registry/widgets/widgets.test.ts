import { describe, expect, it } from 'vitest';
import { fakeRequest, okResult as ok } from '../shared/fake-request.js';
import { parseStored, pickerFormat } from './date/picker.js';
import { displayDecimals, toStoredNumber } from './input-number/index.js';
import { departTitles, loadDepartTree, toDepartTree } from './sel-depart/tree.js';
import { loadTableDictTexts, searchTableDict } from './sel-search/api.js';
import { searchEmptyText } from './sel-search/SelSearchEdit.js';
import { loadUserLabels, searchUsers } from './sel-user/api.js';
import { switchOptions, switchText } from './switch/index.js';
import { isImageFile, itemsToValue, pathsToItems, settleItem, type UploadItem } from './upload/upload-model.js';

describe('inputNumber', () => {
  it('stores BigDecimal as an exact string and int/double as numbers; empty → null', () => {
    expect(toStoredNumber('12.50', 'BigDecimal')).toBe('12.50');
    expect(toStoredNumber('12.', 'BigDecimal')).toBe('12');
    expect(toStoredNumber('12', 'int')).toBe(12);
    expect(toStoredNumber('-1.5', 'double')).toBe(-1.5);
    expect(toStoredNumber('', 'int')).toBeNull();
    expect(toStoredNumber('-', 'int')).toBeNull();
    expect(toStoredNumber(null, 'int')).toBeNull();
    expect(toStoredNumber('1a2', 'int')).toBe(12);
  });
  it('shows dbPointLength decimals for BigDecimal and 2 for money', () => {
    expect(displayDecimals({ name: 'a', title: 'a', widget: 'inputNumber', dbType: 'BigDecimal', dbPointLength: 4 })).toBe(4);
    expect(displayDecimals({ name: 'a', title: 'a', widget: 'inputNumber', dbType: 'BigDecimal' })).toBe(2);
    expect(displayDecimals({ name: 'a', title: 'a', widget: 'inputNumber', dbType: 'double', validType: 'money' })).toBe(2);
    expect(displayDecimals({ name: 'a', title: 'a', widget: 'inputNumber', dbType: 'int' })).toBeUndefined();
  });
});

describe('switch', () => {
  it('uses Y/N by default and shows 是/否', () => {
    expect(switchOptions(undefined)).toEqual(['Y', 'N']);
    expect(switchOptions({ options: ['1', '0'] })).toEqual(['1', '0']);
    expect(switchText('Y', undefined)).toBe('是');
    expect(switchText('N', undefined)).toBe('否');
    expect(switchText(null, undefined)).toBe('否');
    expect(switchText('1', { extend: { options: ['1', '0'] } })).toBe('是');
  });
});

describe('date pickers', () => {
  it('formats per kind and parses strictly', () => {
    expect(pickerFormat('date')).toBe('YYYY-MM-DD');
    expect(pickerFormat('date', 'month')).toBe('YYYY-MM');
    expect(pickerFormat('datetime')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(pickerFormat('time')).toBe('HH:mm:ss');
    expect(parseStored('2024-02-29', 'YYYY-MM-DD')?.format('YYYY-MM-DD')).toBe('2024-02-29');
    expect(parseStored('2024-01-02 03:04:05.0', 'YYYY-MM-DD HH:mm:ss')?.format('HH:mm:ss')).toBe('03:04:05');
    expect(parseStored('13:30:00', 'HH:mm:ss')?.format('HH:mm')).toBe('13:30');
    expect(parseStored('2024-13-01', 'YYYY-MM-DD')).toBeNull();
    expect(parseStored('', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('sel_user api', () => {
  it('searches queryUserComponentData by realname and stores usernames', async () => {
    const request = fakeRequest(() =>
      ok({ records: [{ id: 'u1', username: 'zhangsan', realname: '张三', orgCodeTxt: '财务部' }], total: 1 }),
    );
    expect(await searchUsers(request, '张')).toEqual([{ value: 'zhangsan', label: '张三', orgCodeTxt: '财务部' }]);
    expect(request.calls[0]).toEqual(['/sys/user/queryUserComponentData', { pageNo: 1, pageSize: 10, realname: '张' }]);
    expect((await searchUsers(request, '', 'id'))[0].value).toBe('u1');
  });
  it('labels stored usernames through getMultiUser', async () => {
    const request = fakeRequest(() => ok([{ id: 'u1', username: 'zhangsan', realname: '张三' }]));
    expect(await loadUserLabels(request, ['zhangsan', 'ghost'])).toEqual({ zhangsan: '张三' });
    expect(request.calls).toEqual([['/sys/user/getMultiUser', { key: 'zhangsan,ghost' }]]);
  });
  it('labels them from a bare array too (JeecgBoot answers getMultiUser without an envelope)', async () => {
    const request = fakeRequest(() => [{ id: 'u1', username: 'zhangsan', realname: '张三' }] as never);
    expect(await loadUserLabels(request, ['u1'])).toEqual({ u1: '张三' });
  });
});

describe('sel_depart tree', () => {
  const nodes = [
    {
      id: 'd1',
      key: 'd1',
      title: '总部',
      departName: '总部',
      orgCode: 'A01',
      children: [{ id: 'd2', key: 'd2', departName: '财务部', orgCode: 'A01A01', parentId: 'd1' }],
    },
  ];
  it('stores id by default, orgCode on request', () => {
    const byId = toDepartTree(nodes, undefined);
    expect(byId[0]).toMatchObject({ key: 'd1', value: 'd1', title: '总部' });
    expect(byId[0].children![0]).toMatchObject({ key: 'd2', value: 'd2', title: '财务部', isLeaf: true });
    expect(toDepartTree(nodes, 'orgCode')[0]).toMatchObject({ key: 'A01', value: 'A01' });
    const byCode = toDepartTree(nodes, 'orgCode');
    expect(departTitles(byCode, ['A01A01', 'X'])).toEqual(['财务部', 'X']);
  });
  it('loads queryTreeList once per request port (array or {treeList})', async () => {
    const request = fakeRequest(() => ok({ treeList: nodes }));
    expect(await loadDepartTree(request)).toBe(await loadDepartTree(request));
    expect(request.calls).toEqual([['/sys/sysDepart/queryTreeList', undefined]]);
  });
});

describe('sel_search api', () => {
  it('searches loadDict with keyword and pageSize 10, nothing for an empty keyword', async () => {
    const request = fakeRequest(() => ok([{ value: 'p1', text: '项目一' }]));
    expect(await searchTableDict(request, 'pm_project,project_name,id', '')).toEqual([]);
    expect(request.calls).toHaveLength(0);
    expect(await searchTableDict(request, 'pm_project,project_name,id', '项目')).toEqual([{ value: 'p1', label: '项目一' }]);
    expect(request.calls).toEqual([['/sys/dict/loadDict/pm_project%2Cproject_name%2Cid', { keyword: '项目', pageSize: 10 }]]);
  });
  it('labels values through loadDictItem', async () => {
    const request = fakeRequest((_u, p) => ok(p?.key === 'p1' ? ['项目一'] : []));
    expect(await loadTableDictTexts(request, 'pm_project,project_name,id', ['p1', 'p9'])).toEqual({ p1: '项目一' });
  });
  it('shows the spec texts', () => {
    expect(searchEmptyText(true, 'a')).toBe('加载中…');
    expect(searchEmptyText(false, '')).toBe('请输入搜索内容');
    expect(searchEmptyText(false, 'a')).toBe('没有查询到任何数据');
  });
});

describe('upload model (spec 4.3)', () => {
  const fileUrl = (p: string) => `http://files/${p}`;
  it('turns stored paths into done, linked items with short names, path, filePath and id', () => {
    const items = pathsToItems('temp/contract_1700.pdf,temp/a.png', fileUrl);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      name: 'contr...',
      fileName: 'contract_1700.pdf',
      status: 'done',
      url: 'http://files/temp/contract_1700.pdf',
      path: 'temp/contract_1700.pdf',
      filePath: 'temp/contract_1700.pdf',
      id: items[0].uid,
    });
    expect(itemsToValue(items)).toBe('temp/contract_1700.pdf,temp/a.png');
  });
  it('emits only when every file is done; a settled upload carries id, path, filePath and fileSize', () => {
    const done = pathsToItems('temp/a.png', fileUrl);
    const uploading: UploadItem = { uid: 'u', name: 'b.png', status: 'uploading', percent: 40, size: 2048 };
    expect(itemsToValue([...done, uploading])).toBeUndefined();
    const settled = settleItem(uploading, { success: true, message: 'temp/b_1.png' }, fileUrl, '未知错误');
    // spec 3 "Uploaded file result": name, url, path, status done, id; fileName, filePath, fileSize
    expect(settled).toMatchObject({
      status: 'done',
      name: 'b.png',
      url: 'http://files/temp/b_1.png',
      id: 'u',
      path: 'temp/b_1.png',
      fileName: 'b.png',
      filePath: 'temp/b_1.png',
      fileSize: 2048,
    });
    expect(itemsToValue([...done, settled])).toBe('temp/a.png,temp/b_1.png');
    expect(itemsToValue([])).toBeNull();
  });
  it('marks failures with the server message, default 未知错误', () => {
    const item: UploadItem = { uid: 'u', name: 'b.png', status: 'uploading' };
    expect(settleItem(item, { success: false, message: '上传失败！' }, fileUrl, '未知错误')).toMatchObject({
      status: 'error',
      response: { message: '上传失败！' },
    });
    expect(settleItem(item, { success: false }, fileUrl, '未知错误')).toMatchObject({ status: 'error', response: { message: '未知错误' } });
    expect(itemsToValue([settleItem(item, null, fileUrl, '未知错误')])).toBeUndefined();
  });
  it('recognises images', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf', name: 'a.png' })).toBe(false);
    expect(isImageFile({ name: 'a.JPG' })).toBe(true);
    expect(isImageFile({ name: 'a.txt' })).toBe(false);
  });
});
