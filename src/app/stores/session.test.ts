import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api/auth', () => ({
  loginRequest: vi.fn(),
  logoutRequest: vi.fn(() => Promise.reject(new Error('network down'))),
  fetchPermissions: vi.fn(),
}));
vi.mock('../api/account', () => ({ phoneLoginRequest: vi.fn(), thirdLoginRequest: vi.fn() }));

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

let local: MemoryStorage;
let sessionStore: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  sessionStore = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: local, sessionStorage: sessionStore });
});
afterEach(() => vi.unstubAllGlobals());

const result = {
  token: 'tok',
  userInfo: { id: '1', username: 'wangfang', realname: '王芳' },
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
  tenantList: [{ id: 7, name: '总部' }],
};

describe('session store (spec 4.1, 5.1, 8, 9)', () => {
  it('accepts a login answer only with code 200 and keeps token, user, dictionaries and the single tenant for 7 days', async () => {
    const { acceptLogin, LoginRejectedError } = await import('./session');
    const refused = { success: true, code: 0, message: '登录成功', result, timestamp: 1 };
    expect(() => acceptLogin(refused)).toThrow(LoginRejectedError);
    try {
      acceptLogin({ ...refused, success: false, code: 500, message: '手机验证码错误', result: null as never });
    } catch (err) {
      expect((err as InstanceType<typeof LoginRejectedError>).response.message).toBe('手机验证码错误');
    }
    expect(local.map.size).toBe(0);
    acceptLogin({ ...refused, code: 200 });
    for (const key of ['Access-Token', 'Login_Userinfo', 'Login_Username', 'UI_CACHE_DB_DICT_DATA', 'TENANT_ID']) {
      const entry = JSON.parse(local.getItem(`pro__${key}`)!);
      expect(entry.expire - Date.now()).toBeGreaterThan(604_800_000 - 5000);
    }
    expect(JSON.parse(local.getItem('pro__TENANT_ID')!).value).toBe(7);
  });

  it('logs out completely even when the server call fails', async () => {
    const { acceptLogin, logout, session } = await import('./session');
    acceptLogin({ success: true, code: 200, message: '', result, timestamp: 1 });
    local.setItem('pro__CACHE_INCLUDED_ROUTES', JSON.stringify({ value: ['a'], expire: null }));
    sessionStore.setItem('LOGIN_USER_BUTTON_AUTH', '[]');
    sessionStore.setItem('SYS_BUTTON_AUTH', '[]');
    await expect(logout()).resolves.toBeUndefined();
    expect([...local.map.keys()]).toEqual([]);
    expect([...sessionStore.map.keys()]).toEqual([]);
    expect(session.token).toBe('');
    expect(session.userInfo).toBeNull();
  });
});
