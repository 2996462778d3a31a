/**
 * Headless rules of the pickers and dialogs (spec 2.6, 4.6, 5.6, 9): widths, paging, the
 * single/multi check rule of the department and OS pickers, the popup report picker's
 * configuration checks and value mapping, and the 30-second request cache of popups.
 */
import { PICKER_TEXT } from '../shared/locale.js';

/** Spec 9 dialog widths (px). */
export const PICKER_WIDTH = {
  user: 1200,
  userByDepart: 1250,
  depart: 500,
  /** The department field's own modal. */
  departField: 450,
  position: 1000,
  role: 800,
  record: 900,
  popup: 1000,
} as const;

/** Picker endpoints (signed-in users, minimal fields; src/server/modules/user/picker-routes.ts). */
export const USER_PICKER_URL = '/sys/user/queryUserComponentData';
export const POSITION_PICKER_URL = '/sys/position/pickerList';
export const ROLE_PICKER_URL = '/sys/role/pickerList';

/** Spec 9: tree dropdowns at most 400 px high. */
export const TREE_MAX_HEIGHT = 400;

/** Spec 9: picker modals page 5 rows, with sizes 5/10/20/30. */
export const PICKER_PAGE_SIZE = 5;
export const PICKER_PAGE_SIZES = ['5', '10', '20', '30'];

/** Spec 9: popup request cache 30 s. */
export const POPUP_CACHE_MS = 30_000;

/**
 * The keys kept after a tree check (spec 4.6): in single mode only the newest checked key (the
 * one in `next` not in `prev`; when a key was unchecked, what remains, at most one); in multi
 * mode every key of `next`.
 */
export function keepChecked(prev: readonly string[], next: readonly string[], multi: boolean): string[] {
  if (multi) return [...next];
  const added = next.filter((k) => !prev.includes(k));
  if (added.length) return [added[added.length - 1]];
  return next.slice(-1);
}

/** The popup picker's field settings (screen schema extend; JeecgBoot dictTable/dictField/dictText). */
export interface PopupConfig {
  code?: string;
  /** Report columns copied, comma-joined. */
  orgFields?: string;
  /** Form fields receiving them, comma-joined, same order. */
  destFields?: string;
}

const list = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Checks a popup's settings (spec 5.6): code, origin and target fields are required
 * ('popup参数未正确配置!') and the two lists must have as many entries
 * ('popup参数未正确配置,原始值和目标值数量不一致!'). Returns the error, or null.
 */
export function checkPopupConfig(cfg: PopupConfig): string | null {
  const org = list(cfg.orgFields);
  const dest = list(cfg.destFields);
  if (!cfg.code?.trim() || !org.length || !dest.length) return PICKER_TEXT.popupConfigMissing;
  if (org.length !== dest.length) return PICKER_TEXT.popupConfigCount;
  return null;
}

/**
 * The values a popup writes (JPopup): for each origin field, the picked rows' values joined by
 * ',' (one row in single mode), keyed by its target field. Missing values are ''.
 */
export function popupValues(rows: readonly Record<string, unknown>[], cfg: PopupConfig): Record<string, string> {
  const org = list(cfg.orgFields);
  const dest = list(cfg.destFields);
  const out: Record<string, string> = {};
  org.forEach((o, i) => {
    out[dest[i]] = rows
      .map((r) => r[o])
      .map((v) => (v === undefined || v === null ? '' : String(v)))
      .join(',');
  });
  return out;
}

/** Spec 5.6: a single-select submit needs exactly one row, else 请选择一条记录. */
export function singleSelectionError(count: number): string | null {
  return count === 1 ? null : PICKER_TEXT.pickOne;
}

/**
 * A cache of promises that expire `ttlMs` after they were made (spec 9: popup requests cached
 * 30 s per group). `get(key, load)` returns the live promise for `key` or calls `load`; a
 * rejected load is dropped at once. `now` is injectable for tests.
 */
export function createTtlCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { at: now(), value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

/**
 * Keeps selected rows across pages (the business-record picker's selected-items table): rows of
 * `page` whose key is in `keys` replace or join `selected`; selected rows whose key left `keys`
 * are dropped; order of first selection is kept.
 */
export function mergeSelection<R extends Record<string, unknown>>(
  selected: readonly R[],
  page: readonly R[],
  keys: readonly string[],
  rowKey: string,
): R[] {
  const wanted = new Set(keys);
  const byKey = new Map<string, R>();
  for (const r of selected) if (wanted.has(String(r[rowKey]))) byKey.set(String(r[rowKey]), r);
  for (const r of page) if (wanted.has(String(r[rowKey]))) byKey.set(String(r[rowKey]), r);
  return keys.filter((k) => byKey.has(k)).map((k) => byKey.get(k)!);
}

/**
 * The selected keys after a click on the row `key` (a picker selects on a row click, not only on
 * its radio or checkbox): single mode selects that row alone; multi mode toggles it.
 */
export function clickSelection(keys: readonly string[], key: string, multi: boolean): string[] {
  if (!multi) return [key];
  return keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];
}

/** Whether a click landed in a table's selection column (its checkbox or radio handles it). */
export function onSelectionCell(target: EventTarget | null): boolean {
  return !!(target as { closest?: (s: string) => unknown } | null)?.closest?.('.ant-table-selection-column');
}
