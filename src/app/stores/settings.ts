import { proxy, subscribe } from 'valtio';
import { getItem, setItem } from '../utils/storage';

/**
 * Layout settings of the setting drawer (spec 2.4, 9), kept in localStorage under the original
 * client's keys (`pro__DEFAULT_THEME`, … vue-ls layout, no expiry). Defaults of spec 9: light
 * theme, side menu, Fixed content width, multi-page on, primary colour #1890FF.
 */

export type NavTheme = 'light' | 'dark';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface SettingsState {
  navTheme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** hide the (fixed) header when the page is scrolled more than 100 px */
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  primaryColor: string;
  /** desktop sidebar open (true) or collapsed (false) */
  sidebarOpened: boolean;
}

/** Storage key (without the pro__ prefix) of each setting, as the original client names them. */
export const SETTING_KEYS: Readonly<Record<keyof SettingsState, string>> = {
  navTheme: 'DEFAULT_THEME',
  layout: 'DEFAULT_LAYOUT_MODE',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  multipage: 'DEFAULT_MULTI_PAGE',
  primaryColor: 'DEFAULT_COLOR',
  sidebarOpened: 'SIDEBAR_TYPE',
};

/** Defaults of spec 9. */
export const DEFAULT_SETTINGS: Readonly<SettingsState> = {
  navTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
  primaryColor: '#1890FF',
  sidebarOpened: true,
};

/** The 8 primary colours of spec 2.4 (drawer tooltip name, hex), default daybreak blue. */
export const PRIMARY_COLORS: ReadonlyArray<{ key: string; name: string; color: string }> = [
  { key: 'dust', name: '薄暮', color: '#F5222D' },
  { key: 'volcano', name: '火山', color: '#FA541C' },
  { key: 'sunset', name: '日暮', color: '#FAAD14' },
  { key: 'cyan', name: '明青', color: '#13C2C2' },
  { key: 'green', name: '极光绿', color: '#52C41A' },
  { key: 'daybreak', name: '拂晓蓝（默认）', color: '#1890FF' },
  { key: 'geekblue', name: '极客蓝', color: '#2F54EB' },
  { key: 'purple', name: '酱紫', color: '#722ED1' },
];

const CHOICES: Partial<Record<keyof SettingsState, readonly unknown[]>> = {
  navTheme: ['light', 'dark'],
  layout: ['sidemenu', 'topmenu'],
  contentWidth: ['Fixed', 'Fluid'],
  primaryColor: PRIMARY_COLORS.map((c) => c.color),
};

/**
 * Reads the stored settings: each key falls back to its default when absent, of the wrong type
 * or not one of the allowed values (a colour outside the 8 choices is kept when it is a #hex).
 * Returns a complete SettingsState.
 */
export function readSettings(): SettingsState {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof SettingsState, unknown>;
  for (const key of Object.keys(SETTING_KEYS) as (keyof SettingsState)[]) {
    const stored = getItem<unknown>(SETTING_KEYS[key]);
    if (stored === null || typeof stored !== typeof DEFAULT_SETTINGS[key]) continue;
    const allowed = CHOICES[key];
    if (key === 'primaryColor') {
      if (typeof stored === 'string' && /^#[0-9a-f]{6}$/i.test(stored)) out[key] = stored;
      continue;
    }
    if (allowed && !allowed.includes(stored)) continue;
    out[key] = stored;
  }
  return out as unknown as SettingsState;
}

/** The settings store (valtio proxy). Write with updateSetting so the value is persisted. */
export const settings = proxy<SettingsState>(readSettings());

/**
 * Sets one setting and stores it under `pro__<key>` without expiry (spec 2.4 "kept in local
 * storage"). Inputs: key and value. Returns nothing.
 */
export function updateSetting<K extends keyof SettingsState>(key: K, value: SettingsState[K]): void {
  settings[key] = value;
  setItem(SETTING_KEYS[key], value, null);
}

/** Puts every setting back to the spec 9 defaults (stored too). */
export function resetSettings(): void {
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof SettingsState)[]) {
    updateSetting(key, DEFAULT_SETTINGS[key] as never);
  }
}

/**
 * Applies the weak-colour mode to the document (spec 2.4: a CSS filter on the whole page). The
 * class goes on the root element: a filter on any other element would make it the containing
 * block of the fixed header and sidebar, which would then scroll away with the page.
 * Called once by the app root; follows the store afterwards. Returns an unsubscribe function.
 */
export function bindColorWeak(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const apply = () => document.documentElement.classList.toggle('colorWeak', settings.colorWeak);
  apply();
  return subscribe(settings, apply);
}
