import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A Map-backed Storage, installed as window.localStorage before the store loads. */
class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
}

const storage = new MemoryStorage();
vi.stubGlobal('window', { localStorage: storage, sessionStorage: new MemoryStorage() });

const load = async () => {
  vi.resetModules();
  return import('./settings');
};

beforeEach(() => storage.clear());

describe('layout settings (spec 2.4, 9)', () => {
  it('defaults: light theme, side menu, Fixed width, multi-page on, primary #1890FF', async () => {
    const { settings, DEFAULT_SETTINGS } = await load();
    expect({ ...settings }).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      navTheme: 'light',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      multipage: true,
      primaryColor: '#1890FF',
      fixedHeader: false,
      fixSiderbar: false,
      colorWeak: false,
    });
  });

  it('offers the 8 colours of spec 2.4, daybreak blue the default', async () => {
    const { PRIMARY_COLORS } = await load();
    expect(PRIMARY_COLORS.map((c) => c.color)).toEqual([
      '#F5222D',
      '#FA541C',
      '#FAAD14',
      '#13C2C2',
      '#52C41A',
      '#1890FF',
      '#2F54EB',
      '#722ED1',
    ]);
    expect(PRIMARY_COLORS.find((c) => c.color === '#1890FF')?.name).toContain('默认');
  });

  it('keeps each change in localStorage under pro__ keys without expiry and reads it back', async () => {
    const first = await load();
    first.updateSetting('primaryColor', '#722ED1');
    first.updateSetting('layout', 'topmenu');
    first.updateSetting('multipage', false);
    expect(JSON.parse(storage.getItem('pro__DEFAULT_COLOR')!)).toEqual({ value: '#722ED1', expire: null });
    expect(JSON.parse(storage.getItem('pro__DEFAULT_LAYOUT_MODE')!).value).toBe('topmenu');
    const again = await load();
    expect(again.settings.primaryColor).toBe('#722ED1');
    expect(again.settings.layout).toBe('topmenu');
    expect(again.settings.multipage).toBe(false);
  });

  it('ignores stored values of the wrong type or outside the choices, and resets to the defaults', async () => {
    storage.setItem('pro__DEFAULT_LAYOUT_MODE', JSON.stringify({ value: 'sideways', expire: null }));
    storage.setItem('pro__DEFAULT_MULTI_PAGE', JSON.stringify({ value: 'yes', expire: null }));
    storage.setItem('pro__DEFAULT_COLOR', JSON.stringify({ value: 'red;x', expire: null }));
    storage.setItem('pro__DEFAULT_THEME', JSON.stringify({ value: 'dark', expire: null }));
    const mod = await load();
    expect(mod.settings.layout).toBe('sidemenu');
    expect(mod.settings.multipage).toBe(true);
    expect(mod.settings.primaryColor).toBe('#1890FF');
    expect(mod.settings.navTheme).toBe('dark');
    mod.resetSettings();
    expect(mod.settings.navTheme).toBe('light');
    expect(JSON.parse(storage.getItem('pro__DEFAULT_THEME')!).value).toBe('light');
  });
});
