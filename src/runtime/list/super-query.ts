import type { ScreenField, ScreenSchema } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { StoragePort } from '../ports.js';

/** The advanced-query rules of spec 5.5, with their labels. */
export const SUPER_QUERY_RULES = [
  { value: 'eq', label: '等于' },
  { value: 'like', label: '模糊' },
  { value: 'right_like', label: '以..开始' },
  { value: 'left_like', label: '以..结尾' },
  { value: 'in', label: '在...中' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number]['value'];
export type MatchType = 'and' | 'or';

/** Warning texts of spec 5.5, exact. */
export const SUPER_QUERY_TEXT = {
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  emptyName: '保存名称不能为空',
  overwrite: (name: string) => `${name} 已存在，是否覆盖？`,
  remove: '是否删除当前查询？',
} as const;

/** One condition (spec 3 "Saved advanced query"): field, rule, value plus the field's metadata. */
export interface SuperQueryCondition {
  field: string;
  rule: SuperQueryRule;
  /** one value; several (array) for rule 'in' */
  val?: string | string[];
  type?: string;
  dbType?: string;
  dictCode?: string;
}

/** A field of the condition builder; a sub table is a group whose children are its fields. */
export interface SuperQueryFieldItem {
  value: string;
  text: string;
  type?: string;
  dbType?: string;
  widget?: string;
  field?: ScreenField;
  children?: SuperQueryFieldItem[];
}

const typeOf = (f: ScreenField): string => (f.dbType === 'Date' ? 'date' : f.dbType === 'Datetime' ? 'datetime' : 'string');

function item(f: ScreenField, value: string): SuperQueryFieldItem {
  return { value, text: f.title, type: typeOf(f), dbType: f.dbType, widget: f.widget, field: f };
}

const listed = (f: ScreenField) => f.showList !== false && f.persist !== false && f.widget !== 'hidden';

/**
 * The builder's field list (spec 3 "Field list item"): the main screen's listed fields by column,
 * then one group per sub table whose children's values combine group and child
 * (`{subTable},{column}`, the server's sub-field form).
 */
export function superQueryFields(
  screen: Pick<ScreenSchema, 'fields'>,
  subs: Pick<ScreenSchema, 'fields' | 'title' | 'tableName'>[] = [],
): SuperQueryFieldItem[] {
  const out = screen.fields.filter(listed).map((f) => item(f, toColumn(f.name)));
  for (const s of subs) {
    out.push({
      value: s.tableName,
      text: s.title,
      children: s.fields.filter(listed).map((f) => item(f, `${s.tableName},${toColumn(f.name)}`)),
    });
  }
  return out;
}

/** Finds a field item by value in the (grouped) field list. */
export function findSuperQueryField(items: SuperQueryFieldItem[], value: string): SuperQueryFieldItem | undefined {
  for (const i of items) {
    if (i.children) {
      const hit = findSuperQueryField(i.children, value);
      if (hit) return hit;
    } else if (i.value === value) return i;
  }
  return undefined;
}

/** Changes a condition's rule: leaving 'in' keeps only the first value (spec 5.5). */
export function changeRule(c: SuperQueryCondition, rule: SuperQueryRule): SuperQueryCondition {
  let val = c.val;
  if (rule === 'in') val = val === undefined || val === '' ? [] : Array.isArray(val) ? val : [val];
  else if (Array.isArray(val)) val = val[0];
  return { ...c, rule, val };
}

const valueText = (v: SuperQueryCondition['val']) => (Array.isArray(v) ? v.filter((x) => x !== '').join(',') : (v ?? '').trim());

/** The conditions with a field, a rule and a value (the others are dropped, api-contract §4.3). */
export function usableConditions(conds: SuperQueryCondition[]): SuperQueryCondition[] {
  return conds.filter((c) => c.field && c.rule && valueText(c.val) !== '');
}

/**
 * The request parameters of an advanced query (api-contract §4.3): `superQueryParams` =
 * URL-encoded JSON array of {field, rule, val, type, dbType} ('in' values comma-joined) and
 * `superQueryMatchType`. Throws Error(不能查询空条件) when no condition is usable.
 */
export function superQueryParams(
  conds: SuperQueryCondition[],
  matchType: MatchType,
): { superQueryParams: string; superQueryMatchType: MatchType } {
  const usable = usableConditions(conds);
  if (!usable.length) throw new Error(SUPER_QUERY_TEXT.emptyQuery);
  const arr = usable.map((c) => ({
    field: c.field,
    rule: c.rule,
    val: valueText(c.val),
    type: c.type ?? 'string',
    ...(c.dbType ? { dbType: c.dbType } : {}),
  }));
  return { superQueryParams: encodeURIComponent(JSON.stringify(arr)), superQueryMatchType: matchType };
}

/** A saved advanced query (spec 3): title, match type and its conditions. */
export interface SavedSuperQuery {
  title: string;
  matchType: MatchType;
  records: SuperQueryCondition[];
}

/** The fixed local-storage prefix of saved advanced queries (spec 3). */
export const SAVED_QUERY_PREFIX = 'JSuperQuerySaved_';

/** The storage key: the fixed prefix plus the save code, else the route path. */
export function savedQueryKey(saveCode: string | undefined, routePath: string): string {
  return SAVED_QUERY_PREFIX + (saveCode || routePath);
}

type KeyValueStore = Pick<StoragePort, 'getItem' | 'setItem'>;

/** Saved queries of one key; a damaged entry reads as none. */
export function loadSavedQueries(store: KeyValueStore, key: string): SavedSuperQuery[] {
  try {
    const arr = JSON.parse(store.getItem(key) ?? '[]') as unknown;
    return Array.isArray(arr) ? (arr as SavedSuperQuery[]).filter((q) => q && typeof q.title === 'string' && Array.isArray(q.records)) : [];
  } catch {
    return [];
  }
}

export type SaveCheck = { ok: true } | { ok: false; warning: string } | { ok: false; confirm: string };

/**
 * Checks a save before it happens (spec 5.5): no usable condition → 空条件不能保存; empty name
 * → 保存名称不能为空; an existing title → confirm '{name} 已存在，是否覆盖？'.
 */
export function checkSave(list: SavedSuperQuery[], title: string, conds: SuperQueryCondition[]): SaveCheck {
  if (!usableConditions(conds).length) return { ok: false, warning: SUPER_QUERY_TEXT.emptySave };
  if (!title.trim()) return { ok: false, warning: SUPER_QUERY_TEXT.emptyName };
  if (list.some((q) => q.title === title.trim())) return { ok: false, confirm: SUPER_QUERY_TEXT.overwrite(title.trim()) };
  return { ok: true };
}

/** Saves (or overwrites by title) a query and returns the new list. */
export function saveQuery(store: KeyValueStore, key: string, query: SavedSuperQuery): SavedSuperQuery[] {
  const q = { ...query, title: query.title.trim(), records: usableConditions(query.records) };
  const list = loadSavedQueries(store, key);
  const at = list.findIndex((x) => x.title === q.title);
  if (at >= 0) list[at] = q;
  else list.push(q);
  store.setItem(key, JSON.stringify(list));
  return list;
}

/** Deletes a saved query by title and returns the new list. */
export function removeSavedQuery(store: KeyValueStore, key: string, title: string): SavedSuperQuery[] {
  const list = loadSavedQueries(store, key).filter((q) => q.title !== title);
  store.setItem(key, JSON.stringify(list));
  return list;
}
