import type { StoragePort } from '../ports.js';

/** Column settings of a list (spec 4.4): which columns show and in what order, per screen. */
export interface ColumnSettings {
  /** column keys in the user's order */
  order: string[];
  /** column keys the user hid */
  hidden: string[];
}

/** Local-storage key of a screen's column settings. */
export function columnSettingsKey(screenId: string): string {
  return `pro__columnSettings_${screenId}`;
}

type KeyValueStore = StoragePort;

/** The stored settings of a screen, or null (none or damaged). */
export function loadColumnSettings(store: KeyValueStore, screenId: string): ColumnSettings | null {
  try {
    const v = JSON.parse(store.getItem(columnSettingsKey(screenId)) ?? 'null') as ColumnSettings | null;
    return v && Array.isArray(v.order) && Array.isArray(v.hidden) ? v : null;
  } catch {
    return null;
  }
}

/** Stores a screen's settings; null removes them (back to the schema's columns). */
export function saveColumnSettings(store: KeyValueStore, screenId: string, settings: ColumnSettings | null): void {
  if (!settings) store.removeItem(columnSettingsKey(screenId));
  else store.setItem(columnSettingsKey(screenId), JSON.stringify(settings));
}

/**
 * Applies settings to the schema's column keys: the stored order first (keys no longer in the
 * schema dropped), new schema keys after it in schema order, hidden keys left out.
 */
export function applyColumnSettings(keys: string[], settings: ColumnSettings | null): string[] {
  if (!settings) return keys;
  const known = new Set(keys);
  const ordered = settings.order.filter((k) => known.has(k));
  const seen = new Set(ordered);
  for (const k of keys) if (!seen.has(k)) ordered.push(k);
  const hidden = new Set(settings.hidden);
  return ordered.filter((k) => !hidden.has(k));
}

/** Thousands separators for a list's number cell ('1234567.5' → '1,234,567.5'); other values as text. */
export function formatThousands(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const [int, frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
