import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const answer = vi.fn();
vi.mock('../api/auth', () => ({ fetchPermissions: () => answer() }));
const { EMPTY_MENU_ERROR, clearPermissions, loadPermissions, permission } = await import('./permission');

const ok = (result: unknown) => ({ success: true, code: 0, message: '', result, timestamp: 0 });

beforeEach(() => {
  clearPermissions();
  answer.mockReset();
});

describe('permission load (spec 2.3, 8)', () => {
  it('an empty or missing menu rejects with the exact text', async () => {
    expect(EMPTY_MENU_ERROR).toBe('getPermissionList: permissions must be a non-null array !');
    answer.mockResolvedValue(ok({ menu: [], auth: [], allAuth: [] }));
    await expect(loadPermissions()).rejects.toThrow('getPermissionList: permissions must be a non-null array !');
    answer.mockResolvedValue(ok({ menu: null }));
    await expect(loadPermissions()).rejects.toThrow(EMPTY_MENU_ERROR);
    expect(permission.loaded).toBe(false);
  });

  it('a failed answer rejects with the server message; a good one fills the store', async () => {
    answer.mockResolvedValue({ success: false, code: 500, message: '查询失败', result: null, timestamp: 0 });
    await expect(loadPermissions()).rejects.toThrow('查询失败');
    answer.mockResolvedValue(ok({ menu: [{ id: '1', path: '/a', meta: { title: 'A' } }], auth: [{ action: 'user:oa' }], allAuth: [] }));
    await loadPermissions();
    expect(permission.loaded).toBe(true);
    expect(permission.menu).toHaveLength(1);
  });

  describe('the two button lists in sessionStorage (spec 3 "Browser storage keys")', () => {
    const store = new Map<string, string>();
    beforeEach(() => {
      store.clear();
      vi.stubGlobal('window', {
        sessionStorage: {
          getItem: (k: string) => store.get(k) ?? null,
          setItem: (k: string, v: string) => void store.set(k, v),
          removeItem: (k: string) => void store.delete(k),
        },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it('keeps auth as LOGIN_USER_BUTTON_AUTH and allAuth as SYS_BUTTON_AUTH (plain JSON, no prefix); logout removes both', async () => {
      const auth = [{ action: 'fin_bank_account:add', describe: '添加', type: '1' }];
      const allAuth = [...auth, { action: 'fin_bank_account:delete', describe: '删除', type: '1', status: '1' }];
      answer.mockResolvedValue(ok({ menu: [{ id: '1', path: '/a', meta: { title: 'A' } }], auth, allAuth }));
      await loadPermissions();
      expect([...store.keys()].sort()).toEqual(['LOGIN_USER_BUTTON_AUTH', 'SYS_BUTTON_AUTH']);
      expect(JSON.parse(store.get('LOGIN_USER_BUTTON_AUTH')!)).toEqual(auth);
      expect(JSON.parse(store.get('SYS_BUTTON_AUTH')!)).toEqual(allAuth);
      clearPermissions();
      expect(store.size).toBe(0);
    });
  });
});
