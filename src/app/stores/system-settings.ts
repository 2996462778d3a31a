import { proxy } from 'valtio';
import { getAction } from '../api/http';
import { T } from '../locale/zh-CN';

/** The settings of 系统管理 → 系统设置 the client applies (GET /sys/setting/queryAll, no token needed). */
export interface SystemSettings {
  /** login page, logo fallback and browser title */
  platformName: string;
  /** the footers' line; empty: the copyright line of the current year */
  footerText: string;
  /** the first page size of every list (10, 20 or 30) */
  defaultPageSize: number;
  /** shown on the login page when set */
  noticeText: string;
}

/** The server's defaults (src/server/modules/settings/routes.ts) until the first answer. */
export const DEFAULT_SYSTEM_SETTINGS: Readonly<SystemSettings> = {
  platformName: T.platformName,
  footerText: '',
  defaultPageSize: 10,
  noticeText: '',
};

/** The current system settings (valtio store). */
export const systemSettings = proxy<SystemSettings>({ ...DEFAULT_SYSTEM_SETTINGS });

/** Applies an answer of queryAll: known keys of the right type only, anything else keeps its value. */
export function applySystemSettings(values: Partial<Record<keyof SystemSettings, unknown>>): void {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);
  const name = text(values.platformName);
  if (name) systemSettings.platformName = name;
  if (text(values.footerText) !== undefined) systemSettings.footerText = text(values.footerText) as string;
  if (text(values.noticeText) !== undefined) systemSettings.noticeText = text(values.noticeText) as string;
  const size = Number(values.defaultPageSize);
  if ([10, 20, 30].includes(size)) systemSettings.defaultPageSize = size;
}

/** Loads the settings from the server (the app start, after a save); a failure keeps what is there. */
export async function loadSystemSettings(): Promise<void> {
  try {
    const res = await getAction<Partial<Record<keyof SystemSettings, unknown>>>('/sys/setting/queryAll');
    if (res.success && res.result) applySystemSettings(res.result);
  } catch {
    // the defaults stay
  }
}

/** The footer line: the settings' footer text, else `Copyright © {year} …` of `year` (default: this year). */
export function footerLine(s: Pick<SystemSettings, 'footerText'>, year = new Date().getFullYear()): string {
  return s.footerText || T.copyright(year);
}
