import { createHash } from 'node:crypto';
import type { SysPermission } from '../../db/tables.js';
import { nestTree } from '../../util/tree.js';

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

/**
 * Builds the menu tree from the permission rows a user holds (menu_type 0/1 only, already
 * ordered by sort_no). Rows whose parent the user does not hold become roots. A parent whose
 * children are all hidden is hidden itself.
 */
export function buildMenuTree(rows: SysPermission[]): MenuEntry[] {
  const roots = nestTree(
    rows.filter((r) => r.menu_type === 0 || r.menu_type === 1),
    toEntry,
  );
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
