import { beforeEach, describe, expect, it } from 'vitest';
import type { StoragePort } from '../../src/runtime/ports.js';
import { memoryStorage } from '../../src/runtime/storage.js';
import { checkTreeCondition, flattenTree, mergeNodes } from './tree.js';
import { dropCachedDict, readCachedDict, writeCachedDict } from './dict-cache.js';
import { dictPath, loadDictOptions, searchDict } from './dict.js';
import { fakeRequest, failResult, okResult } from './fake-request.js';

describe('tree widgets (spec 5.6)', () => {
  it('accepts no condition or a JSON object string, refuses anything else with the exact message', () => {
    expect(checkTreeCondition(undefined)).toEqual({ ok: true });
    expect(checkTreeCondition('{"status":"1"}')).toEqual({ ok: true, condition: '{"status":"1"}' });
    for (const bad of ['status=1', '[1]', '"x"', '{bad'])
      expect(checkTreeCondition(bad)).toEqual({ ok: false, error: '组件JTreeSelect-condition传值有误，需要一个json字符串!' });
  });
  it('flattens server nodes (key/value/id, title/label/name, leaf/isLeaf, children) for TreeSelect simple mode', () => {
    const flat = flattenTree([
      { key: 'a', title: '甲', leaf: false, children: [{ value: 'b', label: '乙', isLeaf: true }] },
      { id: 'c', name: '丙', leaf: true },
      { title: 'no key' },
    ]);
    expect(flat).toEqual([
      { id: 'a', pId: '', value: 'a', title: '甲', isLeaf: false },
      { id: 'b', pId: 'a', value: 'b', title: '乙', isLeaf: true },
      { id: 'c', pId: '', value: 'c', title: '丙', isLeaf: true },
    ]);
    expect(mergeNodes(flat.slice(0, 1), flat).map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('dictionary cache (spec 9: 7 days, shared with the login dictionaries)', () => {
  let store: Map<string, string>;
  let port: StoragePort;
  beforeEach(() => {
    store = new Map();
    port = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  });

  it('keeps plain codes in pro__UI_CACHE_DB_DICT_DATA for 7 days, never table dictionaries', () => {
    const before = Date.now();
    writeCachedDict(port, 'sex', [{ value: '1', text: '男' }]);
    writeCachedDict(port, 'sys_user,realname,username', [{ value: 'a', text: 'A' }]);
    const entry = JSON.parse(store.get('pro__UI_CACHE_DB_DICT_DATA')!);
    expect(entry.value).toEqual({ sex: [{ value: '1', text: '男' }] });
    expect(entry.expire).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(readCachedDict(port, 'sex')).toEqual([{ value: '1', text: '男' }]);
    expect(readCachedDict(port, 'sys_user,realname,username')).toBeUndefined();
  });
  it('adds to the login entry without extending its lifetime, and drops a code', () => {
    const expire = Date.now() + 1000;
    store.set('pro__UI_CACHE_DB_DICT_DATA', JSON.stringify({ value: { sex: [{ value: '1', text: '男' }] }, expire }));
    writeCachedDict(port, 'currency', [{ value: 'CNY', text: '人民币' }]);
    const entry = JSON.parse(store.get('pro__UI_CACHE_DB_DICT_DATA')!);
    expect(Object.keys(entry.value)).toEqual(['sex', 'currency']);
    expect(entry.expire).toBeLessThanOrEqual(expire + 5);
    dropCachedDict(port, 'sex');
    expect(readCachedDict(port, 'sex')).toBeUndefined();
    expect(readCachedDict(port, 'currency')).toHaveLength(1);
  });
  it('loadDictOptions answers a cached code without a request and stores a loaded one', async () => {
    writeCachedDict(port, 'sex', [{ value: '1', text: '男' }]);
    const request = fakeRequest(() => okResult([{ value: 'CNY', text: '人民币' }]));
    expect(await loadDictOptions(request, 'sex', port)).toEqual([{ value: '1', label: '男' }]);
    expect(request.calls).toHaveLength(0);
    await loadDictOptions(request, 'currency', port);
    expect(request.calls).toEqual([['/sys/dict/getDictItems/currency', undefined]]);
    expect(readCachedDict(port, 'currency')).toEqual([{ value: 'CNY', text: '人民币' }]);
  });
  it('an expired entry is ignored', async () => {
    store.set('pro__UI_CACHE_DB_DICT_DATA', JSON.stringify({ value: { sex: [{ value: '1', text: '男' }] }, expire: Date.now() - 1 }));
    expect(readCachedDict(port, 'sex')).toBeUndefined();
  });
});

describe('dictionary requests (api-contract §6)', () => {
  it('refuses an empty code with 字典Code不能为空!', async () => {
    const request = fakeRequest(() => okResult([]));
    await expect(loadDictOptions(request, '', memoryStorage())).rejects.toThrow('字典Code不能为空!');
    await expect(searchDict(request, ' ', 'x')).rejects.toThrow('字典Code不能为空!');
    expect(request.calls).toHaveLength(0);
  });
  it('reads table dictionaries with a filter, the filter URL-encoded', async () => {
    const request = fakeRequest(() => okResult([{ value: 'u1', text: '张三' }]));
    const code = 'sys_user,realname,username,del_flag=0';
    expect(dictPath(code)).toBe('sys_user%2Crealname%2Cusername%2Cdel_flag%3D0');
    await loadDictOptions(request, code, memoryStorage());
    expect(request.calls[0][0]).toBe('/sys/dict/getDictItems/sys_user%2Crealname%2Cusername%2Cdel_flag%3D0');
  });
  it('searches loadDict with keyword and pageSize, rejecting with the server message', async () => {
    const request = fakeRequest((_u, p) =>
      p?.keyword === 'x' ? failResult('字典Code格式不正确！') : okResult([{ value: 'p1', text: '项目一' }]),
    );
    expect(await searchDict(request, 'pm_project,project_name,id', '项目')).toEqual([{ value: 'p1', label: '项目一' }]);
    expect(request.calls[0]).toEqual(['/sys/dict/loadDict/pm_project%2Cproject_name%2Cid', { keyword: '项目', pageSize: 10 }]);
    await expect(searchDict(request, 'sex', 'x')).rejects.toThrow('字典Code格式不正确！');
  });
});
