import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_PATH } from '../router/constants';
import { browserStorage } from '../utils/storage';
import { clearTabs, closeTab, closeTabsAround, openTab, refreshTab, tabs } from './tabs';

const open = (key: string, title = key, fullPath = key) => openTab({ key, fullPath, title, keepAlive: false });
const keys = () => tabs.list.map((t) => t.key);

beforeEach(() => clearTabs());

describe('multi-tab rules (spec 2.4, 8 "Tabs")', () => {
  it('a new route adds a tab, revisiting updates it; home stays first', () => {
    open('/a', 'A');
    open(HOME_PATH, '首页');
    open('/b', 'B');
    open('/a', 'A2', '/a?x=1');
    expect(keys()).toEqual([HOME_PATH, '/a', '/b']);
    expect(tabs.list[1]).toMatchObject({ title: 'A2', fullPath: '/a?x=1' });
  });

  it('keeps each tab’s fullPath and meta: title, icon, componentName, keepAlive (spec 3 "Page tab")', () => {
    openTab({
      key: '/fin/bank',
      fullPath: '/fin/bank?pageNo=2',
      title: '银行账户',
      icon: 'bank',
      componentName: 'BankList',
      keepAlive: true,
    });
    expect(tabs.list[0]).toEqual({
      key: '/fin/bank',
      fullPath: '/fin/bank?pageNo=2',
      title: '银行账户',
      icon: 'bank',
      componentName: 'BankList',
      keepAlive: true,
      version: 0,
    });
  });

  it('home cannot be closed: 首页不能关闭!', () => {
    open(HOME_PATH);
    open('/a');
    expect(closeTab(HOME_PATH)).toEqual({ closed: false, warning: '首页不能关闭!' });
    expect(keys()).toEqual([HOME_PATH, '/a']);
  });

  it('the last remaining tab cannot be closed: 这是最后一页，不能再关闭了啦', () => {
    open(HOME_PATH);
    expect(closeTab(HOME_PATH)).toEqual({ closed: false, warning: '这是最后一页，不能再关闭了啦' });
    clearTabs();
    open('/only');
    expect(closeTab('/only')).toEqual({ closed: false, warning: '这是最后一页，不能再关闭了啦' });
    expect(keys()).toEqual(['/only']);
  });

  it('closing a tab removes it (and so its cached view)', () => {
    open(HOME_PATH);
    open('/a');
    open('/b');
    expect(closeTab('/a')).toEqual({ closed: true });
    expect(keys()).toEqual([HOME_PATH, '/b']);
  });

  it('close left / right / others keep home and the chosen tab', () => {
    for (const k of [HOME_PATH, '/a', '/b', '/c', '/d']) open(k);
    closeTabsAround('/c', 'left');
    expect(keys()).toEqual([HOME_PATH, '/c', '/d']);
    for (const k of ['/a', '/b']) open(k);
    closeTabsAround('/c', 'right');
    expect(keys()).toEqual([HOME_PATH, '/c']);
    for (const k of ['/a', '/b']) open(k);
    closeTabsAround('/a', 'others');
    expect(keys()).toEqual([HOME_PATH, '/a']);
  });

  it('refresh bumps the version that keys the view, so it remounts', () => {
    open('/a');
    refreshTab('/a');
    refreshTab('/a');
    expect(tabs.list[0].version).toBe(2);
  });

  it('stores the componentNames of the kept-alive open tabs as pro__CACHE_INCLUDED_ROUTES (spec 3), without expiry', () => {
    const stored = () => browserStorage().getItem('pro__CACHE_INCLUDED_ROUTES');
    const kept = (key: string, componentName?: string, keepAlive = true) =>
      openTab({ key, fullPath: key, title: key, componentName, keepAlive });
    open(HOME_PATH);
    kept('/isystem/user', 'sys_user');
    kept('/isystem/role', 'sys_role');
    kept('/fin/bank'); // kept alive, no componentName
    kept('/isystem/log', 'LogList', false); // a componentName, not kept alive
    kept('/isystem/user', 'sys_user'); // revisiting adds nothing
    expect(JSON.parse(stored()!)).toEqual({ value: ['sys_user', 'sys_role'], expire: null });
    closeTab('/isystem/user');
    expect(JSON.parse(stored()!).value).toEqual(['sys_role']);
    closeTabsAround('/fin/bank', 'others');
    expect(stored()).toBeNull();
    kept('/isystem/role', 'sys_role');
    clearTabs();
    expect(stored()).toBeNull();
  });
});
