/**
 * The toolbar 新增's add-row settings (spec 5.4, 9): how many rows one click adds (at least 1)
 * and where (0 = the bottom, n = before row n), kept in the browser's local storage under a
 * local key (`pro__editable-table-add:<key>`, the app's storage helper, no expiry). Defaults:
 * 1 row at index 0.
 */
import { getItem, setItem } from '../../src/app/utils/storage.js';

/** Add-row settings. */
export interface AddSettings {
  count: number;
  position: number;
}

/** Spec 9: add-row defaults (1 row, index 0). */
export const DEFAULT_ADD_SETTINGS: AddSettings = { count: 1, position: 0 };
/** The storage key (after the pro__ prefix) of a table's settings. */
export const addSettingsKey = (key: string) => `editable-table-add:${key || 'default'}`;

/** Settings made valid: count an integer ≥ 1 (else 1), position an integer ≥ 0 (else 0). */
export function normaliseAddSettings(s: Partial<AddSettings> | null | undefined, fallback = DEFAULT_ADD_SETTINGS): AddSettings {
  const count = Number(s?.count);
  const position = Number(s?.position);
  return {
    count: Number.isInteger(count) && count >= 1 ? count : fallback.count,
    position: Number.isInteger(position) && position >= 0 ? position : fallback.position,
  };
}

/** The stored settings of a table, else `fallback` (normalised). */
export function readAddSettings(key: string, fallback = DEFAULT_ADD_SETTINGS): AddSettings {
  const stored = getItem<Partial<AddSettings>>(addSettingsKey(key));
  return stored ? normaliseAddSettings(stored, normaliseAddSettings(fallback)) : normaliseAddSettings(fallback);
}

/** Stores a table's settings (normalised); returns what was stored. */
export function writeAddSettings(key: string, s: Partial<AddSettings>): AddSettings {
  const next = normaliseAddSettings(s);
  setItem(addSettingsKey(key), next, null);
  return next;
}
