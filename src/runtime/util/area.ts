/**
 * China area data (spec 3 "Area data", spec 9 "Area root 86") as the `pca` widget needs it:
 * headless, pure functions over the format of the `china-area-data` package — an object keyed
 * by parent code whose values map child codes to names: `'86'` → provinces, a province code →
 * its cities, a city code → its districts (three levels).
 *
 * The data (~116 KB) is loaded lazily by {@link loadAreaData} (a dynamic import, so bundlers put
 * it in its own chunk and a plain list page never downloads it).
 *
 * Text paths are joined with '/' (JeecgBoot's getAreaTextByCode): 北京市/市辖区/丰台区. The
 * package names the city level of the municipalities 市辖区, as the national code table does.
 */

/** The package format: parent code → { child code → name }. */
export type AreaData = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Root code of the hierarchy (spec 9). */
export const AREA_ROOT = '86';

/** Levels of the hierarchy: province, city, district. */
export const AREA_LEVELS = 3;

/** Separator of a text path. */
export const AREA_TEXT_SEPARATOR = '/';

/** A tree node ready for antd Cascader / Select options. */
export interface AreaNode {
  value: string;
  label: string;
  children?: AreaNode[];
}

/** A flat entry of spec 3 ("each with id, text, pid"). */
export interface AreaEntry {
  id: string;
  text: string;
  pid: string;
}

let loading: Promise<AreaData> | null = null;

/**
 * Loads the area data once (later calls share the promise; a failed load may be retried).
 * The import is dynamic on purpose: keep it that way so the data stays out of the main bundle.
 */
export function loadAreaData(): Promise<AreaData> {
  if (!loading) {
    loading = import('china-area-data/data.json').then(
      (m) => ((m as { default?: unknown }).default ?? m) as AreaData,
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
  }
  return loading;
}

const parentIndex = new WeakMap<AreaData, Map<string, string>>();

/**
 * child code → parent code. When the data lists one code under two parents (the package repeats
 * 710301… under 基隆市 and 台中市) the first listed parent wins.
 */
function parentsOf(data: AreaData): Map<string, string> {
  let index = parentIndex.get(data);
  if (!index) {
    index = new Map();
    for (const [parent, children] of Object.entries(data)) {
      for (const code of Object.keys(children)) if (!index.has(code)) index.set(code, parent);
    }
    parentIndex.set(data, index);
  }
  return index;
}

/** The direct children of a code (default the root: the provinces) as options, in code order. */
export function areaChildren(data: AreaData, code: string = AREA_ROOT): AreaNode[] {
  const children = data[code];
  if (!children) return [];
  return Object.entries(children).map(([value, label]) => ({ value, label }));
}

/**
 * The tree under `root` (default 86), at most `levels` deep (default 3); a node without children
 * (a city without districts, e.g. 东莞市 at level 2 when levels is 2) has no `children` key.
 */
export function buildAreaTree(data: AreaData, root: string = AREA_ROOT, levels: number = AREA_LEVELS): AreaNode[] {
  if (levels < 1) return [];
  return areaChildren(data, root).map((node) => {
    const children = levels > 1 ? buildAreaTree(data, node.value, levels - 1) : [];
    return children.length ? { ...node, children } : node;
  });
}

/** Every area as a flat `{ id, text, pid }` list (spec 3), parents before their children. */
export function areaEntries(data: AreaData, root: string = AREA_ROOT): AreaEntry[] {
  const out: AreaEntry[] = [];
  const walk = (pid: string, depth: number) => {
    if (depth > AREA_LEVELS) return;
    for (const { value, label } of areaChildren(data, pid)) {
      out.push({ id: value, text: label, pid });
      walk(value, depth + 1);
    }
  };
  walk(root, 1);
  return out;
}

/**
 * The stored code of a value: a code, or a comma-joined code list (JeecgBoot vue3 may store
 * 'province,city,district'), whose last code counts. '' for no value.
 */
export function areaCodeOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  const parts = String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length ? parts[parts.length - 1] : '';
}

/** The codes from the province down to `code` (`['110000', '110100', '110106']`); [] when unknown. */
export function areaCodePath(data: AreaData, value: unknown): string[] {
  const code = areaCodeOf(value);
  const parents = parentsOf(data);
  if (!code || !parents.has(code)) return [];
  const path = [code];
  let parent = parents.get(code);
  while (parent && parent !== AREA_ROOT) {
    path.unshift(parent);
    parent = parents.get(parent);
    if (path.length > AREA_LEVELS + 1) return []; // malformed data: no cycles
  }
  return parent === AREA_ROOT ? path : [];
}

/** The names from the province down to `code` (`['北京市', '市辖区', '丰台区']`); [] when unknown. */
export function areaTextPath(data: AreaData, value: unknown): string[] {
  const codes = areaCodePath(data, value);
  const out: string[] = [];
  let parent = AREA_ROOT;
  for (const code of codes) {
    out.push(data[parent]?.[code] ?? code);
    parent = code;
  }
  return out;
}

/** The display text of a stored value: '北京市/市辖区/丰台区'; '' when there is no value or the code is unknown. */
export function areaText(data: AreaData, value: unknown, separator: string = AREA_TEXT_SEPARATOR): string {
  return areaTextPath(data, value).join(separator);
}

/**
 * The code of a text path from the province down ('河北省/保定市/竞秀区' → '130602'; also
 * accepts ',' or spaces between the names, and a partial path: '河北省/保定市' → '130600');
 * undefined when a name does not match.
 */
export function areaCodeOfText(data: AreaData, text: string): string | undefined {
  const names = text
    .split(/[/,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length || names.length > AREA_LEVELS) return undefined;
  let parent = AREA_ROOT;
  for (const name of names) {
    const hit = Object.entries(data[parent] ?? {}).find(([, label]) => label === name);
    if (!hit) return undefined;
    parent = hit[0];
  }
  return parent;
}
