/**
 * Headless model of the `pca` widget (area linkage, spec 2.6, 5.6): which mode a field uses and
 * how the three linked selects map to the stored value. The area functions themselves live in
 * src/runtime/util/area.ts.
 */
import {
  AREA_LEVELS,
  AREA_ROOT,
  areaChildren,
  areaCodePath,
  buildAreaTree,
  type AreaData,
  type AreaNode,
} from '../../../src/runtime/util/area.js';
import type { FieldExtendLike } from '../../shared/props.js';

export const PCA_TEXT = {
  /** Spec 5.6: the type is cascader or select, else a bad-type text. */
  badType: '区域联动组件类型错误',
  placeholder: '请选择省市区',
  levels: ['请选择省', '请选择市', '请选择区'],
} as const;

export type PcaMode = 'cascader' | 'select';

/**
 * The mode of a field from `extend.type`: 'cascader' (also when unset or empty) or 'select';
 * any other value gives `{ bad: value }` and the widget shows the bad-type text.
 */
export function pcaMode(extend: FieldExtendLike | undefined): PcaMode | { bad: string } {
  const type = (extend as { type?: unknown } | undefined)?.type;
  if (type === undefined || type === null || type === '' || type === 'cascader') return 'cascader';
  if (type === 'select') return 'select';
  return { bad: String(type) };
}

/** The text shown for a bad `extend.type`: '区域联动组件类型错误: x'. */
export function badTypeText(type: string): string {
  return `${PCA_TEXT.badType}: ${type}`;
}

const trees = new WeakMap<AreaData, AreaNode[]>();

/** The three-level cascader tree of a data set (built once per data object). */
export function pcaTree(data: AreaData): AreaNode[] {
  let tree = trees.get(data);
  if (!tree) trees.set(data, (tree = buildAreaTree(data)));
  return tree;
}

/** Cascader change → stored value: the deepest chosen code; null when cleared. */
export function fromCascader(path: readonly unknown[] | null | undefined): string | null {
  const last = path?.length ? path[path.length - 1] : null;
  return last === null || last === undefined || last === '' ? null : String(last);
}

/** One of the three linked selects: its chosen code and its options. */
export interface PcaSelectLevel {
  value: string | undefined;
  options: AreaNode[];
}

/** The province, city and district selects for a stored value (options of a level need the level above). */
export function pcaSelectLevels(data: AreaData, value: unknown): PcaSelectLevel[] {
  const path = areaCodePath(data, value);
  const levels: PcaSelectLevel[] = [];
  for (let i = 0; i < AREA_LEVELS; i++) {
    const parent = i === 0 ? AREA_ROOT : path[i - 1];
    levels.push({ value: path[i], options: parent ? areaChildren(data, parent) : [] });
  }
  return levels;
}

/**
 * The stored value after select `level` (0 province, 1 city, 2 district) changes to `code`:
 * the chosen code (levels below are cleared with it); cleared → the level above's code, or null.
 */
export function fromSelect(data: AreaData, value: unknown, level: number, code: string | null | undefined): string | null {
  if (code) return code;
  return level > 0 ? (areaCodePath(data, value)[level - 1] ?? null) : null;
}
