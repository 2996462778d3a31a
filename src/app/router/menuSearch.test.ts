import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../api/types';
import { pathOfRouteName, demoJump } from '../utils/demoHelpers';
import { buildMenuModel } from './menuRoutes';
import { menuMatches, menuTarget, openMenuEntry, searchableMenus } from './menuSearch';

const entry = (id: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  path: `/${id}`,
  component: 'x/Page',
  meta: { title: id },
  ...extra,
});

const menu: MenuEntry[] = [
  entry('dashboard', { meta: { title: '首页' } }),
  entry('fin', {
    component: 'layouts/RouteView',
    meta: { title: '财务管理' },
    children: [
      entry('bank', { meta: { title: '银行账户' } }),
      entry('wages', {
        component: 'layouts/RouteView',
        meta: { title: '工资' },
        children: [entry('approve', { meta: { title: '工资审批' } })],
      }),
      entry('hiddenPage', { hidden: true, meta: { title: '隐藏页' } }),
    ],
  }),
  entry('ghost', { hidden: true, component: 'layouts/RouteView', children: [entry('underHidden', { meta: { title: '隐藏目录下' } })] }),
  entry('site', { name: 'bssScreen', meta: { title: '外链', internalOrExternal: true, url: 'https://example.org/' } }),
  entry('frame', { component: 'layouts/IframePageView', meta: { title: '内嵌', url: 'https://example.org/' } }),
];

describe('menu search (spec 2.4)', () => {
  it('lists every non-hidden entry flattened recursively, without route-view containers', () => {
    expect(searchableMenus(menu).map((e) => e.id)).toEqual(['dashboard', 'bank', 'approve', 'underHidden', 'site', 'frame']);
  });

  it('matches the typed text against titles and paths, case-insensitively', () => {
    const bank = menu[1].children![0];
    expect(menuMatches(bank, '银行')).toBe(true);
    expect(menuMatches(bank, 'BANK')).toBe(true);
    expect(menuMatches(bank, '工资')).toBe(false);
    expect(menuMatches(bank, '  ')).toBe(true);
  });

  it('opens an external url in a new window without opener, a target entry in its window, the rest by the router', () => {
    const calls: unknown[][] = [];
    const openers = { open: (...a: unknown[]) => calls.push(['open', ...a]), navigate: (p: string) => void calls.push(['navigate', p]) };
    const report = entry('report', { meta: { title: '大屏', target: 'bigScreen' } });
    expect(menuTarget(report)).toEqual({ kind: 'window', path: '/report', target: 'bigScreen' });
    expect(openMenuEntry(menu[3], openers)).toBe(false);
    expect(openMenuEntry(report, openers)).toBe(false);
    expect(openMenuEntry(menu[0], openers)).toBe(true);
    expect(calls).toEqual([
      ['open', 'https://example.org/', '_blank', 'noopener'],
      ['open', '/report', 'bigScreen'],
      ['navigate', '/dashboard'],
    ]);
  });

  it('external entries open their url; others, iframe views too, go to their path', () => {
    expect(menuTarget(menu[3])).toEqual({ kind: 'external', url: 'https://example.org/' });
    expect(menuTarget(menu[4])).toEqual({ kind: 'route', path: '/frame' });
    expect(menuTarget(menu[0])).toEqual({ kind: 'route', path: '/dashboard' });
  });
});

describe('static routes of the layout (spec 1, 2.1)', () => {
  it('result pages /result/success and /result/fail, exception pages, everything else → /404', () => {
    const model = buildMenuModel(menu);
    expect(model.lookup('/result/success')?.title).toBe('提交成功');
    expect(model.lookup('/result/fail')?.title).toBe('提交失败');
    expect(model.lookup('/exception/403')?.title).toBe('403');
    expect(model.lookup('/dashboard/analysis')?.title).toBe('首页');
    expect(model.lookup('/no/such/page')).toBeNull();
    // external links get no route
    expect(model.lookup('/site')).toBeNull();
  });
});

describe('demo helpers (spec 2.4, not in the menu)', () => {
  it('jump to the route named bssScreen, else reload', () => {
    expect(pathOfRouteName(menu, 'bssScreen')).toBe('/site');
    const went: string[] = [];
    let reloaded = 0;
    expect(
      demoJump(
        menu,
        (p) => went.push(p),
        () => reloaded++,
      ),
    ).toBe(true);
    expect(went).toEqual(['/site']);
    expect(
      demoJump(
        [entry('x')],
        (p) => went.push(p),
        () => reloaded++,
      ),
    ).toBe(false);
    expect(reloaded).toBe(1);
  });
});
