import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuEntry } from '../api/types';
import { openMenuEntry } from '../router/menuSearch';
import type { RouteHandle } from '../router/menuRoutes';
import { preloadEntries } from '../router/usePagePreload';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

function isHidden(entry: MenuEntry): boolean {
  return !!entry.hidden || !!entry.meta?.hideMenu;
}

function visibleChildren(entry: MenuEntry): MenuEntry[] {
  return (entry.children ?? []).filter((c) => c && !isHidden(c));
}

/**
 * Menu items of the tree (spec 2.4): hidden entries left out; an entry with visible children is a
 * submenu unless `alwaysShow`, which shows it as a single item; the pointer resting on an item
 * starts loading its page's code. Input: entries. Returns antd items.
 */
export function menuItems(entries: readonly MenuEntry[]): Item[] {
  return entries
    .filter((e) => e && !isHidden(e))
    .map((e) => {
      const children = visibleChildren(e);
      const base = { key: e.id, icon: menuIcon(e.meta?.icon), label: e.meta?.title ?? e.path };
      return children.length > 0 && !e.alwaysShow
        ? { ...base, children: menuItems(children) }
        : { ...base, onMouseEnter: () => preloadEntries([e]) };
    });
}

function indexById(entries: readonly MenuEntry[], into: Map<string, MenuEntry>): Map<string, MenuEntry> {
  for (const e of entries) {
    into.set(e.id, e);
    if (e.children) indexById(e.children, into);
  }
  return into;
}

/**
 * Menu key of the current route (spec 2.4 "selects the item matching the current route; for
 * routes with parameters it selects by full path and opens parents"): the route handle names the
 * menu entry of the concrete path; a hidden page selects its nearest visible ancestor.
 * Input: the route handle. Returns the key, or undefined.
 */
export function selectedMenuKey(handle: RouteHandle | null): string | undefined {
  const chain = handle?.entry ? [...handle.parents, handle.entry] : [];
  let key: string | undefined;
  for (const e of chain) {
    if (isHidden(e)) break;
    key = e.id;
  }
  return key;
}

/**
 * The navigation menu (spec 2.4): inline (side menu) or horizontal (top menu) antd Menu from the
 * menu tree; one root submenu open at a time in inline mode; open keys kept while collapsed and
 * restored on expanding; the selected item follows the route and its parents open; external
 * entries (meta.internalOrExternal) open in a new window, entries with meta.target in that target;
 * opening a group starts loading its entries' page code (usePagePreload.ts preloadEntries).
 * Props: menu tree, current route handle, collapsed flag, mode, theme, onNavigate (called after an
 * internal navigation, e.g. to close the mobile drawer). Returns the Menu.
 */
export default function SideMenu({
  menu,
  handle,
  collapsed,
  mode = 'inline',
  theme = 'light',
  onNavigate,
}: {
  menu: readonly MenuEntry[];
  handle: RouteHandle | null;
  collapsed: boolean;
  mode?: 'inline' | 'horizontal';
  theme?: 'light' | 'dark';
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const items = useMemo(() => menuItems(menu), [menu]);
  const byId = useMemo(() => indexById(menu, new Map()), [menu]);
  const rootKeys = useMemo(() => new Set(menu.map((e) => e.id)), [menu]);
  const selectedKey = useMemo(() => selectedMenuKey(handle), [handle]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // a navigation opens the new route's parent groups; a new handle object for the same route (the
  // menu model rebuilt) must not close a group the user has just opened
  const parentIds = handle?.parents.map((p) => p.id).join(',') ?? '';
  useEffect(() => {
    if (parentIds) setOpenKeys(parentIds.split(','));
  }, [parentIds, selectedKey]);

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    // a group opening: its pages are the likely next click, their code starts loading now
    const group = latest ? byId.get(latest) : undefined;
    if (group) preloadEntries(visibleChildren(group));
    if (latest && rootKeys.has(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = byId.get(key);
    if (!entry) return;
    if (openMenuEntry(entry, { open: (...a) => window.open(...a), navigate })) onNavigate?.();
  };

  // while collapsed the inline menu shows popups: the open keys are not passed (kept in state
  // and restored on expanding); horizontal menus manage their own popups
  const open = mode === 'inline' && !collapsed ? { openKeys, onOpenChange } : {};
  return (
    <Menu
      className="nav-menu"
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      {...open}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '62px' } : { borderInlineEnd: 0 }}
    />
  );
}
