import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedSearch, type SearchState } from './debounced-search.js';
import { fakeRequest, failResult, okResult } from './fake-request.js';
import { clearDictCache, labelsOf, loadDictOptions, toDictOptions } from './dict.js';
import { memoryStorage } from '../../src/runtime/storage.js';
import { fileNameOf, formatNumber, joinValue, sanitizeNumberInput, shortFileName, splitValue } from './format.js';

const ok = okResult;
const fail = failResult;

describe('format helpers', () => {
  it('splits and joins comma values', () => {
    expect(splitValue('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitValue(undefined)).toEqual([]);
    expect(splitValue(['x', ''])).toEqual(['x']);
    expect(splitValue(5)).toEqual(['5']);
    expect(joinValue(['a', 'b'])).toBe('a,b');
    expect(joinValue([])).toBeNull();
  });
  it('names files from paths and shortens them to 5 characters (spec 9)', () => {
    expect(fileNameOf('temp/photo_1700000000000.png')).toBe('photo_1700000000000.png');
    expect(fileNameOf('a.txt')).toBe('a.txt');
    expect(shortFileName('photo_1700.png')).toBe('photo...');
    expect(shortFileName('a.png')).toBe('a.png');
    expect(shortFileName('中文文件名称.pdf')).toBe('中文文件名...');
  });
  it('groups thousands exactly and pads or rounds decimals', () => {
    expect(formatNumber('1234567.5', 2)).toBe('1,234,567.50');
    expect(formatNumber(-1234.567, 2)).toBe('-1,234.57');
    expect(formatNumber('999.995', 2)).toBe('1,000.00');
    expect(formatNumber('12345678901234567.89', 2)).toBe('12,345,678,901,234,567.89');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber('-0.001', 2)).toBe('0.00');
    expect(formatNumber('')).toBe('');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('abc')).toBe('abc');
  });
  it('keeps only minus, digits and one point in number input (spec 5.4)', () => {
    expect(sanitizeNumberInput('-12a.3.4')).toBe('-12.34');
    expect(sanitizeNumberInput('1,234.5')).toBe('1234.5');
    expect(sanitizeNumberInput('1-2')).toBe('12');
    expect(sanitizeNumberInput('abc')).toBe('');
  });
});

describe('createDebouncedSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('debounces and ignores stale replies', async () => {
    vi.useFakeTimers();
    const resolvers: Record<string, (v: string[]) => void> = {};
    const fetcher = vi.fn((kw: string) => new Promise<string[]>((r) => (resolvers[kw] = r)));
    const states: SearchState<string>[] = [];
    const s = createDebouncedSearch(fetcher, 800, (st) => states.push(st));
    s.search('a');
    s.search('ab');
    expect(states.at(-1)).toEqual({ options: [], loading: true, keyword: 'ab' });
    await vi.advanceTimersByTimeAsync(799);
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('ab');
    s.search('abc');
    await vi.advanceTimersByTimeAsync(800);
    resolvers.abc(['new']);
    await Promise.resolve();
    resolvers.ab(['stale']);
    await Promise.resolve();
    expect(states.at(-1)).toEqual({ options: ['new'], loading: false, keyword: 'abc' });
    expect(states.some((st) => st.options.includes('stale'))).toBe(false);
  });
  it('reports no options on failure and nothing after cancel', async () => {
    vi.useFakeTimers();
    const states: SearchState<string>[] = [];
    const s = createDebouncedSearch<string>(
      () => Promise.reject(new Error('x')),
      300,
      (st) => states.push(st),
    );
    s.search('q');
    await vi.advanceTimersByTimeAsync(300);
    expect(states.at(-1)).toEqual({ options: [], loading: false, keyword: 'q' });
    s.search('r');
    s.cancel();
    await vi.advanceTimersByTimeAsync(300);
    expect(states.at(-1)?.loading).toBe(true);
  });
});

describe('dictionary options', () => {
  const storage = memoryStorage();
  it('normalises {value, text} items', () => {
    expect(toDictOptions([{ value: 1, text: '男' }, { value: '2', label: '女', disabled: true }, { text: 'no value' }])).toEqual([
      { value: '1', label: '男' },
      { value: '2', label: '女', disabled: true },
    ]);
    expect(toDictOptions(null)).toEqual([]);
    expect(labelsOf(['1', '9'], [{ value: '1', label: '男' }])).toEqual(['男', '9']);
  });
  it('loads /sys/dict/getDictItems/{code} once per code and request port', async () => {
    const request = fakeRequest(() => ok([{ value: 'CNY', text: '人民币' }]));
    const [a, b] = await Promise.all([loadDictOptions(request, 'currency', storage), loadDictOptions(request, 'currency', storage)]);
    expect(a).toEqual([{ value: 'CNY', label: '人民币' }]);
    expect(b).toBe(a);
    expect(request.calls).toEqual([['/sys/dict/getDictItems/currency', undefined]]);
    clearDictCache(request, storage, 'currency');
    await loadDictOptions(request, 'currency', storage);
    expect(request.calls).toHaveLength(2);
  });
  it('does not cache a failure', async () => {
    let n = 0;
    const request = fakeRequest(() => (n++ === 0 ? fail('字典Code不能为空!') : ok([{ value: '1', text: '一' }])));
    await expect(loadDictOptions(request, 'x', storage)).rejects.toThrow('字典Code不能为空!');
    await expect(loadDictOptions(request, 'x', storage)).resolves.toEqual([{ value: '1', label: '一' }]);
  });
});
