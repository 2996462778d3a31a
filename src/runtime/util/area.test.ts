import { describe, expect, it } from 'vitest';
import {
  AREA_ROOT,
  areaChildren,
  areaCodeOf,
  areaCodeOfText,
  areaCodePath,
  areaEntries,
  areaText,
  areaTextPath,
  buildAreaTree,
  loadAreaData,
  type AreaData,
} from './area.js';

const data = await loadAreaData();

/** A tiny data set in the package format. */
const tiny: AreaData = {
  '86': { '110000': '北京市', '130000': '河北省' },
  '110000': { '110100': '市辖区' },
  '110100': { '110101': '东城区', '110106': '丰台区' },
  '130000': { '130600': '保定市', '131000': '廊坊市' },
  '130600': { '130602': '竞秀区' },
};

describe('area data (china-area-data, root 86)', () => {
  it('loads once and has the provinces under 86', async () => {
    expect(await loadAreaData()).toBe(data);
    expect(AREA_ROOT).toBe('86');
    const provinces = areaChildren(data);
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces[0]).toEqual({ value: '110000', label: '北京市' });
    expect(provinces.find((p) => p.value === '130000')?.label).toBe('河北省');
  });

  it('goes three levels deep: Beijing 110000 → 110100 → 110106 丰台区', () => {
    expect(areaChildren(data, '110000').map((n) => n.value)).toEqual(['110100']);
    expect(areaChildren(data, '110100').find((n) => n.value === '110106')?.label).toBe('丰台区');
    expect(areaCodePath(data, '110106')).toEqual(['110000', '110100', '110106']);
    expect(areaTextPath(data, '110106')).toEqual(['北京市', '市辖区', '丰台区']);
    expect(areaText(data, '110106')).toBe('北京市/市辖区/丰台区');
    expect(areaText(data, '110106', ' ')).toBe('北京市 市辖区 丰台区');
  });

  it('Hebei 130000 → 130600 保定市 → its districts', () => {
    expect(areaChildren(data, '130000').find((n) => n.value === '130600')?.label).toBe('保定市');
    expect(areaText(data, '130600')).toBe('河北省/保定市');
    expect(areaText(data, '130000')).toBe('河北省');
    expect(areaText(data, '130602')).toBe('河北省/保定市/竞秀区');
    expect(areaCodeOfText(data, '河北省/保定市/竞秀区')).toBe('130602');
    expect(areaCodeOfText(data, '河北省 保定市')).toBe('130600');
    expect(areaCodeOfText(data, '北京市,市辖区,丰台区')).toBe('110106');
  });

  it('builds the cascader tree: 3 levels, leaves without children', () => {
    const tree = buildAreaTree(data);
    const bj = tree.find((n) => n.value === '110000');
    expect(bj?.children?.[0].value).toBe('110100');
    const ft = bj?.children?.[0].children?.find((n) => n.value === '110106');
    expect(ft).toEqual({ value: '110106', label: '丰台区' });
    // no fourth level anywhere
    const depth = (nodes: { children?: unknown[] }[] | undefined): number =>
      nodes?.length ? 1 + Math.max(...nodes.map((n) => depth(n.children as { children?: unknown[] }[] | undefined))) : 0;
    expect(depth(tree)).toBe(3);
    expect(buildAreaTree(tiny, AREA_ROOT, 2)).toEqual([
      { value: '110000', label: '北京市', children: [{ value: '110100', label: '市辖区' }] },
      {
        value: '130000',
        label: '河北省',
        children: [
          { value: '130600', label: '保定市' },
          { value: '131000', label: '廊坊市' },
        ],
      },
    ]);
    // 廊坊市 has no districts in the tiny set → a leaf at level 2
    expect(buildAreaTree(tiny)[1].children?.[1]).toEqual({ value: '131000', label: '廊坊市' });
  });

  it('flattens to { id, text, pid } entries (spec 3)', () => {
    expect(areaEntries(tiny)).toEqual([
      { id: '110000', text: '北京市', pid: '86' },
      { id: '110100', text: '市辖区', pid: '110000' },
      { id: '110101', text: '东城区', pid: '110100' },
      { id: '110106', text: '丰台区', pid: '110100' },
      { id: '130000', text: '河北省', pid: '86' },
      { id: '130600', text: '保定市', pid: '130000' },
      { id: '130602', text: '竞秀区', pid: '130600' },
      { id: '131000', text: '廊坊市', pid: '130000' },
    ]);
    expect(areaEntries(data).length).toBeGreaterThan(3000);
  });

  it('takes the last code of a comma-joined value; unknown and empty values give nothing', () => {
    expect(areaCodeOf('110000,110100,110106')).toBe('110106');
    expect(areaCodeOf(110106)).toBe('110106');
    expect(areaCodeOf(null)).toBe('');
    expect(areaText(data, '110000,110100,110106')).toBe('北京市/市辖区/丰台区');
    expect(areaText(data, '999999')).toBe('');
    expect(areaText(data, '')).toBe('');
    expect(areaText(data, undefined)).toBe('');
    expect(areaCodePath(data, '86')).toEqual([]);
    expect(areaCodeOfText(data, '河北省/不存在市')).toBeUndefined();
    expect(areaCodeOfText(data, '')).toBeUndefined();
    expect(areaCodeOfText(data, 'a/b/c/d')).toBeUndefined();
  });
});
