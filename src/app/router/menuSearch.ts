import type { MenuEntry } from '../api/types';
import { evalMenuUrl, isContainer } from './menuModel';

/**
 * Options of the header's menu search (spec 2.4 "Menu search lists all non-hidden menu entries
 * from the permission list (excluding plain layout route-view containers), flattened
 * recursively"). Children of a hidden entry are still visited, as the original does.
 * Input: the menu tree. Returns the entries in menu order.
 */
export function searchableMenus(menu: readonly MenuEntry[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (entries: readonly MenuEntry[]) => {
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue;
      if (!entry.hidden && !entry.meta?.hideMenu && !isContainer(entry) && entry.path) out.push(entry);
      if (Array.isArray(entry.children) && entry.children.length > 0) walk(entry.children);
    }
  };
  walk(menu);
  return out;
}

/**
 * Case-insensitive match of a search text against an entry's title (and path).
 * Inputs: the entry and the typed text. Returns true when it matches (empty text matches all).
 */
export function menuMatches(entry: MenuEntry, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return (entry.meta?.title ?? '').toLowerCase().includes(q) || (entry.path ?? '').toLowerCase().includes(q);
}

/**
 * Where choosing a menu entry goes: an external url in a new window, the entry's path in a named
 * window (`meta.target`), or a route path.
 */
export type MenuTarget =
  { kind: 'external'; url: string } | { kind: 'window'; path: string; target: string } | { kind: 'route'; path: string };

/**
 * Target of a chosen menu entry (spec 2.4 "Items can open in a new target"): external entries
 * (meta.internalOrExternal) open their url in a new window; an entry with `meta.target` opens its
 * path in that window; every other entry — iframe page views included, whose route shows the
 * entry's url — goes to its path. Input: the entry. Returns the MenuTarget.
 */
export function menuTarget(entry: MenuEntry): MenuTarget {
  if (entry.meta?.internalOrExternal) return { kind: 'external', url: entry.meta.url || entry.path };
  if (entry.meta?.target) return { kind: 'window', path: entry.path, target: entry.meta.target };
  return { kind: 'route', path: entry.path };
}

/** What opening a menu entry needs: the browser's `window.open` and the router's navigate. */
export interface MenuOpeners {
  open: (url: string, target: string, features?: string) => unknown;
  navigate: (path: string) => void;
}

/**
 * Opens a chosen menu entry (side menu and menu search alike): an external url, its
 * placeholders filled ({@link evalMenuUrl}), in a new window without an opener; a `meta.target`
 * entry's path in that window; anything else by the router. Returns true when it navigated
 * inside the app.
 */
export function openMenuEntry(entry: MenuEntry, { open, navigate }: MenuOpeners): boolean {
  const target = menuTarget(entry);
  if (target.kind === 'external') open(evalMenuUrl(target.url), '_blank', 'noopener');
  else if (target.kind === 'window') open(target.path, target.target);
  else {
    navigate(target.path);
    return true;
  }
  return false;
}
