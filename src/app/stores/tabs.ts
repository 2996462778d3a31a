import { proxy } from 'valtio';
import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';
import { CACHE_INCLUDED_ROUTES, removeItem, setItem } from '../utils/storage';

/** Multi-tab page strip store (spec 2.4; spec 3 "Page tab": fullPath, meta). */
export interface PageTab {
  /** identity: the route pathname */
  key: string;
  /** pathname + search, the location the tab's view renders */
  fullPath: string;
  title: string;
  /** keep the view mounted while another tab is active (menu meta.keepAlive) */
  keepAlive: boolean;
  icon?: string;
  componentName?: string;
  /** bumped by "refresh" to remount the view */
  version: number;
}

/** The open tabs, home first (valtio proxy; read with useSnapshot). */
export const tabs = proxy<{ list: PageTab[] }>({ list: [] });

/**
 * Stores the componentNames of the open kept-alive tabs under `pro__CACHE_INCLUDED_ROUTES`
 * (spec 3 "cached included routes", the original client's keep-alive include list; no expiry),
 * or removes the entry when there is none. Called after every change of the tab list.
 */
function storeIncludedRoutes(): void {
  const names = [...new Set(tabs.list.flatMap((t) => (t.keepAlive && t.componentName ? [t.componentName] : [])))];
  if (names.length) setItem(CACHE_INCLUDED_ROUTES, names, null);
  else removeItem(CACHE_INCLUDED_ROUTES);
}

/**
 * Adds a tab or, when one with the same key exists, updates its location and title
 * (spec 2.4 "A new route adds a tab; revisiting updates it"). The home tab is kept first.
 * Input: the tab without `version`. Returns nothing.
 */
export function openTab(tab: Omit<PageTab, 'version'>): void {
  const existing = tabs.list.find((t) => t.key === tab.key);
  if (existing) {
    if (existing.fullPath !== tab.fullPath) existing.fullPath = tab.fullPath;
    if (existing.title !== tab.title) existing.title = tab.title;
    existing.keepAlive = tab.keepAlive;
  } else if (tab.key === HOME_PATH) tabs.list.unshift({ ...tab, version: 0 });
  else tabs.list.push({ ...tab, version: 0 });
  storeIncludedRoutes();
}

/** Outcome of a close request: `warning` is the spec 8 "Tabs" text when refused. */
export interface CloseOutcome {
  closed: boolean;
  warning?: string;
}

/**
 * Closes the tab `key` (spec 2.4, 8 "Tabs"): the last remaining tab cannot be closed
 * ('这是最后一页，不能再关闭了啦' — checked first, so it is what closing a lone home tab says),
 * nor the home tab ('首页不能关闭!'). Closing drops its cached view (KeepAliveViews renders only
 * listed tabs). Input: tab key. Returns the outcome.
 */
export function closeTab(key: string): CloseOutcome {
  if (tabs.list.length <= 1) return { closed: false, warning: T.lastTab };
  if (key === HOME_PATH) return { closed: false, warning: T.homeNotClosable };
  const index = tabs.list.findIndex((t) => t.key === key);
  if (index < 0) return { closed: false };
  tabs.list.splice(index, 1);
  storeIncludedRoutes();
  return { closed: true };
}

/** Keys of the tabs left of, right of, or other than `key`, home excepted (what {@link closeTabsAround} closes). */
export function tabsAround(key: string, which: 'left' | 'right' | 'others'): string[] {
  const index = tabs.list.findIndex((t) => t.key === key);
  if (index < 0) return [];
  return tabs.list
    .filter((t, i) => t.key !== HOME_PATH && i !== index && (which === 'others' || (which === 'left' ? i < index : i > index)))
    .map((t) => t.key);
}

/** Closes tabs left of, right of, or other than `key`, keeping home (spec 2.4 context menu). */
export function closeTabsAround(key: string, which: 'left' | 'right' | 'others'): void {
  const closing = new Set(tabsAround(key, which));
  if (!closing.size) return;
  tabs.list = tabs.list.filter((t) => !closing.has(t.key));
  storeIncludedRoutes();
}

/** Remounts the view of tab `key` (spec 2.4 "Refresh reloads the view"). */
export function refreshTab(key: string): void {
  const tab = tabs.list.find((t) => t.key === key);
  if (tab) tab.version += 1;
}

/** Drops every tab and cached view (spec 4.1 logout "cached pages"). */
export function clearTabs(): void {
  tabs.list = [];
  storeIncludedRoutes();
}
