/**
 * The toolbar 新增's add-row settings (spec 5.4, 9): how many rows one click adds (at least 1),
 * where (0 = the bottom, n = before row n) and whether the grid then scrolls to the first new
 * row, kept in the runtime context's storage port (the browser's local storage) under a local
 * key (`pro__editable-table-add:<key>`, no expiry). Defaults: 1 row at index 0, no scroll.
 */
import type { StoragePort } from '../../src/runtime/ports.js';
import { readEntry, writeEntry } from '../../src/runtime/storage.js';

/** Add-row settings. */
export interface AddSettings {
  count: number;
  position: number;
  /** Scroll the grid to the first new row after adding. */
  scroll: boolean;
}

/** Spec 9: add-row defaults (1 row, index 0, no scroll). */
export const DEFAULT_ADD_SETTINGS: AddSettings = { count: 1, position: 0, scroll: false };
/** The storage key (after the pro__ prefix) of a table's settings. */
export const addSettingsKey = (key: string) => `editable-table-add:${key || 'default'}`;

/**
 * Settings made valid: count an integer ≥ 1, position an integer ≥ 0, scroll a boolean — each
 * else the fallback's (default 1, 0, false).
 */
export function normaliseAddSettings(
  s: Partial<AddSettings> | null | undefined,
  fallback: Partial<AddSettings> = DEFAULT_ADD_SETTINGS,
): AddSettings {
  const count = Number(s?.count);
  const position = Number(s?.position);
  return {
    count: Number.isInteger(count) && count >= 1 ? count : (fallback.count ?? DEFAULT_ADD_SETTINGS.count),
    position: Number.isInteger(position) && position >= 0 ? position : (fallback.position ?? DEFAULT_ADD_SETTINGS.position),
    scroll: typeof s?.scroll === 'boolean' ? s.scroll : (fallback.scroll ?? DEFAULT_ADD_SETTINGS.scroll),
  };
}

/** The settings of a table stored in `storage`, else `fallback` (normalised). */
export function readAddSettings(storage: StoragePort, key: string, fallback: Partial<AddSettings> = DEFAULT_ADD_SETTINGS): AddSettings {
  const stored = readEntry<Partial<AddSettings>>(storage, addSettingsKey(key));
  return stored ? normaliseAddSettings(stored, normaliseAddSettings(fallback)) : normaliseAddSettings(fallback);
}

/** Stores a table's settings (normalised) in `storage`; returns what was stored. */
export function writeAddSettings(storage: StoragePort, key: string, s: Partial<AddSettings>): AddSettings {
  const next = normaliseAddSettings(s);
  writeEntry(storage, addSettingsKey(key), next, null);
  return next;
}
