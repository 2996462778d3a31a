import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN, DEFAULT_EXPIRE_MS, STORAGE_PREFIX, getItem, removeItem, setItem } from './storage';

/** A Map-backed Storage standing in for the browser's localStorage. */
class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
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

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('storage (spec 3, 9: pro__ prefix, 7 days)', () => {
  it('keeps values under pro__ with a 7-day (604800000 ms) expiry by default', () => {
    expect(DEFAULT_EXPIRE_MS).toBe(604_800_000);
    expect(STORAGE_PREFIX).toBe('pro__');
    setItem(ACCESS_TOKEN, 'tok-1');
    const raw = JSON.parse(storage.getItem('pro__Access-Token')!);
    expect(raw).toEqual({ value: 'tok-1', expire: Date.now() + 604_800_000 });
    expect(getItem(ACCESS_TOKEN)).toBe('tok-1');
  });

  it('reads a value until its expiry and drops it after', () => {
    setItem('Login_Userinfo', { username: 'admin' });
    vi.advanceTimersByTime(DEFAULT_EXPIRE_MS - 1);
    expect(getItem('Login_Userinfo')).toEqual({ username: 'admin' });
    vi.advanceTimersByTime(2);
    expect(getItem('Login_Userinfo')).toBeNull();
    expect(storage.getItem('pro__Login_Userinfo')).toBeNull(); // removed on read
  });

  it('honours a custom lifetime, a never-expiring entry and a fallback', () => {
    setItem('short', 1, 1000);
    setItem('forever', 2, null);
    vi.advanceTimersByTime(DEFAULT_EXPIRE_MS * 10);
    expect(getItem('short', 0)).toBe(0);
    expect(getItem('forever')).toBe(2);
    removeItem('forever');
    expect(getItem('forever')).toBeNull();
  });

  it('ignores entries that are not its own shape', () => {
    storage.setItem('pro__junk', 'not json');
    storage.setItem('pro__other', JSON.stringify({ something: 1 }));
    expect(getItem('junk', 'fb')).toBe('fb');
    expect(getItem('other')).toBeNull();
  });
});
