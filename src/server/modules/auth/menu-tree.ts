import { createHash } from 'node:crypto';
import type { SysPermission } from '../../db/tables-permission.js';
import { nestTree } from '../../util/tree.js';
import { ONLINE_ROUTES } from '../../../shared/online-routes.js';

/** A route entry of getUserPermissionByToken's `menu` (api-contract §3.1). */
export interface MenuEntry {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect: string | null;
  route: '0' | '1';
  hidden?: true;
  alwaysShow?: true;
  meta: {
    title: string;
    icon?: string;
    keepAlive: boolean;
    internalOrExternal: boolean;
    componentName?: string;
    url?: string;
    hideTab?: true;
    hideMenu?: true;
  };
  children?: MenuEntry[];
}

const isExternal = (url: string) => /^https?:\/\//.test(url) || url.startsWith('{{');

/** Route name from a url: strip the leading '/', '/' → '-', ':' → '@' (api-contract §3.1). */
export function routeNameOf(url: string): string {
  return url.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toEntry(row: SysPermission): MenuEntry {
  const url = row.url ?? '';
  const external = isExternal(url);
  const component = row.component || (row.menu_type === 0 ? 'layouts/RouteView' : '');
  const componentName = row.component_name || (component ? component.split('/').pop() : undefined);
  const entry: MenuEntry = {
    id: row.id,
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: row.component_name || routeNameOf(url),
    component,
    redirect: row.parent_id ? null : (row.redirect ?? null),
    route: row.is_route === false ? '0' : '1',
    meta: {
      title: row.name ?? '',
      keepAlive: !!row.keep_alive,
      internalOrExternal: !!row.internal_or_external,
      ...(row.icon ? { icon: row.icon } : {}),
      ...(componentName ? { componentName } : {}),
      ...(external ? { url } : {}),
      ...(row.hide_tab ? { hideTab: true as const } : {}),
    },
  };
  if (row.hidden) {
    entry.hidden = true;
    entry.meta.hideMenu = true;
  }
  if (row.always_show) entry.alwaysShow = true;
  return entry;
}

/** Menu order: sort_no, then the name (so entries of equal sort_no never swap between requests), then the id. */
export function compareMenuRows(
  a: Pick<SysPermission, 'sort_no' | 'name' | 'id'>,
  b: Pick<SysPermission, 'sort_no' | 'name' | 'id'>,
): number {
  return (
    (a.sort_no ?? 0) - (b.sort_no ?? 0) ||
    (a.name ?? '').localeCompare(b.name ?? '', 'zh-Hans-CN') ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Builds the menu tree from the permission rows a user holds (menu_type 0/1 only), each level
 * in {@link compareMenuRows} order. Rows whose parent the user does not hold become roots. A
 * parent whose children are all hidden is hidden itself.
 */
export function buildMenuTree(rows: SysPermission[]): MenuEntry[] {
  const roots = nestTree(rows.filter((r) => r.menu_type === 0 || r.menu_type === 1).sort(compareMenuRows), toEntry);
  const settle = (entry: MenuEntry): void => {
    if (!entry.children) return;
    entry.children.forEach(settle);
    if (entry.children.every((c) => c.hidden)) {
      entry.hidden = true;
      entry.meta.hideMenu = true;
    }
  };
  roots.forEach(settle);
  return roots;
}

/**
 * The hidden online runtime routes every menu answer carries (api-contract §3.1: JeecgBoot always
 * adds the `/online/...:code` rows): `/online/cgformList/:code` and its siblings per template, and
 * `/online/cgreport/:code`. The route '0' menu items of online screens and reports open through
 * them, so the client's page receives the id as the route's `code`.
 */
export function onlineRouteEntries(): MenuEntry[] {
  return Object.values(ONLINE_ROUTES).map((r) => {
    const name = routeNameOf(r.path);
    return {
      id: name,
      path: r.path,
      name,
      component: r.component,
      redirect: null,
      route: '1',
      hidden: true,
      meta: { title: r.title, keepAlive: false, internalOrExternal: false, componentName: r.component.split('/').pop(), hideMenu: true },
    };
  });
}
