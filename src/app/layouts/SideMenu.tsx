import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuEntry } from '../api/types';
import { evalMenuUrl, isExternal } from '../router/menuModel';
import type { RouteHandle } from '../router/menuRoutes';
import { menuIcon } from './menuIcons';

type Item = Required<MenuProps>['items'][number];

function isHidden(entry: MenuEntry): boolean {
  return !!entry.hidden || !!entry.meta?.hideMenu;
}

function visibleChildren(entry: MenuEntry): MenuEntry[] {
  return (entry.children ?? []).filter((c) => c && !isHidden(c));
}

/** Menu items of the tree: submenu when it has visible children and no alwaysShow, else item. */
function toItems(entries: readonly MenuEntry[]): Item[] {
  return entries
    .filter((e) => e && !isHidden(e))
    .map((e) => {
      const children = visibleChildren(e);
      const base = { key: e.id, icon: menuIcon(e.meta?.icon), label: e.meta?.title ?? e.path };
      return children.length > 0 && !e.alwaysShow ? { ...base, children: toItems(children) } : base;
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
 * The side menu (spec 2.4): inline antd Menu from the menu tree; hidden entries hidden; one root
 * submenu open at a time; the selected item follows the route (a hidden page selects its nearest
 * visible ancestor) and its parents open; external entries open in a new window.
 * Props: menu tree, current route handle, collapsed flag. Returns the Menu.
 */
export default function SideMenu({
  menu,
  handle,
  collapsed,
}: {
  menu: readonly MenuEntry[];
  handle: RouteHandle | null;
  collapsed: boolean;
}) {
  const navigate = useNavigate();
  const items = useMemo(() => toItems(menu), [menu]);
  const byId = useMemo(() => indexById(menu, new Map()), [menu]);
  const rootKeys = useMemo(() => new Set(menu.map((e) => e.id)), [menu]);

  const chain = useMemo(() => (handle?.entry ? [...handle.parents, handle.entry] : []), [handle]);
  const selectedKey = useMemo(() => {
    // the deepest entry of the chain that is shown in the menu
    let key: string | undefined;
    for (const e of chain) {
      if (isHidden(e)) break;
      key = e.id;
    }
    return key;
  }, [chain]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    const parents = handle?.parents.map((p) => p.id) ?? [];
    if (parents.length > 0) setOpenKeys(parents);
  }, [handle]);

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    if (latest && rootKeys.has(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = byId.get(key);
    if (!entry) return;
    if (isExternal(entry)) {
      window.open(evalMenuUrl(entry.meta.url || entry.path), '_blank', 'noopener');
      return;
    }
    navigate(entry.path);
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={onOpenChange}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
