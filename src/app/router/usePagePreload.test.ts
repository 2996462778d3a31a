import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../api/types';
import { MAX_PRELOADED, menuComponents } from './usePagePreload';

const entry = (path: string, component: string, children?: MenuEntry[], route = '1'): MenuEntry =>
  ({ path, component, route, children, meta: { title: path } }) as unknown as MenuEntry;

describe('page components preloaded after sign-in', () => {
  it('routed page components, the most used first, no containers, at most a few', () => {
    const list = 'modules/online/cgform/auto/OnlCgformAutoList';
    const menu = [
      entry('/dashboard/analysis', 'dashboard/Analysis'),
      entry('/finance', 'layouts/RouteView', [entry('/online/cgformList/a', list), entry('/online/cgformList/b', list)]),
      entry('/isystem', 'layouts/RouteView', [
        entry('/isystem/role', 'system/RoleList'),
        entry('/isystem/user', 'system/ScreenList'),
        entry('/isystem/log', 'system/LogList'),
      ]),
      entry('/hidden', 'system/OsList', undefined, '0'),
    ];
    const picked = menuComponents(menu);
    expect(picked[0]).toBe(list);
    expect(picked).toHaveLength(MAX_PRELOADED);
    expect(picked).not.toContain('layouts/RouteView');
    expect(picked).not.toContain('system/OsList');
  });

  it('counts the online lists, whose menu entries are not routes of their own (route 0, opened by pattern)', () => {
    const list = 'modules/online/cgform/auto/OnlCgformAutoList';
    const menu = [
      entry('/dashboard/analysis', 'dashboard/Analysis'),
      entry('/finance', 'layouts/RouteView', [
        entry('/online/cgformList/a', list, undefined, '0'),
        entry('/online/cgformList/b', list, undefined, '0'),
      ]),
      entry('/hidden', 'system/OsList', undefined, '0'),
    ];
    expect(menuComponents(menu)).toEqual([list, 'dashboard/Analysis']);
  });
});
