import type { MenuEntry } from '../api/types';

/**
 * Pure helpers over the server menu tree (spec 2.2, api-contract §3.1): flattening, container
 * detection, url placeholders, the variant logo title. No React here.
 */

/** A menu entry with its ancestors (root first), in menu order. */
export interface FlatMenu {
  entry: MenuEntry;
  parents: MenuEntry[];
  /** false when the entry or an ancestor has route '0' (menu item only, no route) */
  routed: boolean;
}

/** Layout components that only hold children (api-contract §3.1 `layouts/*`). */
export const CONTAINER_COMPONENTS: ReadonlySet<string> = new Set([
  'layouts/RouteView',
  'layouts/TabLayout',
  'layouts/PageView',
  'layouts/BlankLayout',
]);

/** Normalises a component string: no leading '/', no '.vue', no 'views/' prefix. */
export function normaliseComponent(component: string | null | undefined): string {
  return (component ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.vue$/, '')
    .replace(/^views\//, '');
}

/** True when the entry's component is a container layout (spec 2.2). */
export function isContainer(entry: MenuEntry): boolean {
  return CONTAINER_COMPONENTS.has(normaliseComponent(entry.component));
}

/** True when the entry opens an external link in a new window (meta.internalOrExternal). */
export function isExternal(entry: MenuEntry): boolean {
  return !!entry.meta?.internalOrExternal;
}

/**
 * Flattens the menu tree depth-first (spec 2.2). Input: menu tree. Returns every entry with its
 * ancestors; an entry whose `route` is '0' (or under one) is marked `routed: false`.
 */
export function flattenMenu(menu: readonly MenuEntry[]): FlatMenu[] {
  const out: FlatMenu[] = [];
  const walk = (entries: readonly MenuEntry[], parents: MenuEntry[], routed: boolean) => {
    for (const entry of entries) {
      if (!entry || typeof entry !== 'object') continue;
      const here = routed && String(entry.route ?? '1') !== '0';
      out.push({ entry, parents, routed: here });
      if (Array.isArray(entry.children) && entry.children.length > 0) walk(entry.children, [...parents, entry], here);
    }
  };
  walk(menu, [], true);
  return out;
}

/** First routable, non-hidden descendant path of a container (its default child). */
export function firstChildPath(entry: MenuEntry): string | null {
  for (const child of entry.children ?? []) {
    if (String(child.route ?? '1') === '0' || child.hidden || isExternal(child)) continue;
    if (isContainer(child)) {
      const deeper = firstChildPath(child);
      if (deeper) return deeper;
    } else if (child.path) return child.path;
  }
  return null;
}

/**
 * Evaluates the `{{ … }}` placeholders of a menu url (spec 2.2) without eval: the JeecgBoot
 * variables window._CONFIG['domianURL'] (API base URL) and ['staticDomainURL'] (file URL) are
 * known; any other expression becomes ''. Input: url; returns the url with placeholders replaced.
 */
export function evalMenuUrl(url: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return url.replace(/\{\{([^}]*)\}\}/g, (_all, expr: string) => {
    const name = /_CONFIG\s*\[\s*['"](\w+)['"]\s*\]/.exec(expr)?.[1] ?? expr.trim();
    if (name === 'domianURL' || name === 'domainURL') return origin + __API_BASE__;
    if (name === 'staticDomainURL') return `${origin}${__API_BASE__}/sys/common/static`;
    return '';
  });
}
