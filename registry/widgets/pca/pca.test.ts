import { describe, expect, it } from 'vitest';
import { loadAreaData } from '../../../src/runtime/util/area.js';
import { badTypeText, fromCascader, fromSelect, pcaMode, pcaSelectLevels, pcaTree } from './model.js';

const data = await loadAreaData();

describe('pca widget model', () => {
  it('reads extend.type: cascader by default, select, else the bad-type text', () => {
    expect(pcaMode(undefined)).toBe('cascader');
    expect(pcaMode({})).toBe('cascader');
    expect(pcaMode({ type: 'cascader' })).toBe('cascader');
    expect(pcaMode({ type: 'select' })).toBe('select');
    expect(pcaMode({ type: 'tree' } as never)).toEqual({ bad: 'tree' });
    expect(badTypeText('tree')).toBe('区域联动组件类型错误: tree');
  });

  it('stores the deepest code chosen in the cascader', () => {
    expect(fromCascader(['110000', '110100', '110106'])).toBe('110106');
    expect(fromCascader(['130000', '130600'])).toBe('130600');
    expect(fromCascader([])).toBeNull();
    expect(fromCascader(undefined)).toBeNull();
    expect(pcaTree(data)).toBe(pcaTree(data));
    expect(pcaTree(data)[0].children?.[0].children?.some((n) => n.value === '110106')).toBe(true);
  });

  it('links the three selects to the stored value', () => {
    const empty = pcaSelectLevels(data, null);
    expect(empty.map((l) => l.value)).toEqual([undefined, undefined, undefined]);
    expect(empty[0].options.length).toBeGreaterThanOrEqual(34);
    expect(empty[1].options).toEqual([]);

    const baoding = pcaSelectLevels(data, '130600');
    expect(baoding.map((l) => l.value)).toEqual(['130000', '130600', undefined]);
    expect(baoding[1].options.find((o) => o.value === '130600')?.label).toBe('保定市');
    expect(baoding[2].options.some((o) => o.label === '竞秀区')).toBe(true);

    expect(pcaSelectLevels(data, '110106').map((l) => l.value)).toEqual(['110000', '110100', '110106']);
  });

  it('changes the stored value from a select', () => {
    expect(fromSelect(data, null, 0, '130000')).toBe('130000');
    expect(fromSelect(data, '110106', 0, '130000')).toBe('130000'); // a new province clears city and district
    expect(fromSelect(data, '130000', 1, '130600')).toBe('130600');
    expect(fromSelect(data, '130600', 2, '130602')).toBe('130602');
    expect(fromSelect(data, '130602', 2, undefined)).toBe('130600'); // district cleared → the city
    expect(fromSelect(data, '130602', 1, null)).toBe('130000'); // city cleared → the province
    expect(fromSelect(data, '130602', 0, undefined)).toBeNull();
  });
});
