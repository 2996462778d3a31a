import type { MenuEntry } from '../api/types';
import { isContainer } from './menuModel';

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

/** Where choosing a search hit goes: an external url in a new window, or a route path. */
export type MenuTarget = { kind: 'external'; url: string } | { kind: 'route'; path: string };

/**
 * Target of a chosen menu entry (spec 2.4): external entries (meta.internalOrExternal) open their
 * url in a new window; every other entry — iframe page views included, whose route shows the
 * entry's url — goes to its path. Input: the entry. Returns the MenuTarget.
 */
export function menuTarget(entry: MenuEntry): MenuTarget {
  if (entry.meta?.internalOrExternal) return { kind: 'external', url: entry.meta.url || entry.path };
  return { kind: 'route', path: entry.path };
}
