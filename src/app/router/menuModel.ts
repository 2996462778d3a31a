import type { MenuEntry, UserInfo } from '../api/types';
import { ACCESS_TOKEN, TENANT_ID, USER_INFO, getItem } from '../utils/storage';

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

/** The values a menu url's `{{ … }}` placeholders may use (a fixed list, never code). */
export interface MenuUrlVars {
  /** Page origin, e.g. https://oa.example.com. */
  origin: string;
  /** API base path, e.g. /jeecg-boot. */
  apiBase: string;
  token: string;
  userId: string;
  username: string;
  realname: string;
  orgCode: string;
  tenantId: string;
}

/** The variables of the signed-in user from the shell's storage (spec 9 keys). */
export function storedMenuUrlVars(): MenuUrlVars {
  const user = getItem<UserInfo>(USER_INFO);
  return {
    origin: typeof window === 'undefined' ? '' : window.location.origin,
    apiBase: typeof __API_BASE__ === 'undefined' ? '' : __API_BASE__,
    token: getItem<string>(ACCESS_TOKEN) ?? '',
    userId: user?.id ?? '',
    username: user?.username ?? '',
    realname: user?.realname ?? '',
    orgCode: user?.orgCode ?? '',
    tenantId: String(getItem<string | number>(TENANT_ID) ?? '0'),
  };
}

/**
 * Evaluates the `{{ … }}` placeholders of a menu url (spec 2.2) without evaluating anything:
 * each placeholder must name one of a fixed list of variables — JeecgBoot's
 * `window._CONFIG['domianURL']` / `domainURL` (API base URL) and `staticDomainURL` (file URL),
 * and the signed-in user's `token`, `userId`, `username`, `realname`, `orgCode`, `tenantId`
 * (also written `userInfo.username` …, or `sys_user_code` / `sys_org_code`). Values outside
 * the API URLs are URL-encoded; any other expression becomes ''. Input: url and the variables
 * (default: the stored session); returns the url with placeholders replaced.
 */
export function evalMenuUrl(url: string, vars: MenuUrlVars = storedMenuUrlVars()): string {
  const user = new Map<string, string>(
    Object.entries({
      token: vars.token,
      'access-token': vars.token,
      userid: vars.userId,
      id: vars.userId,
      username: vars.username,
      sys_user_code: vars.username,
      realname: vars.realname,
      sys_user_name: vars.realname,
      orgcode: vars.orgCode,
      sys_org_code: vars.orgCode,
      tenantid: vars.tenantId,
    }),
  );
  return url.replace(/\{\{([^}]*)\}\}/g, (_all, expr: string) => {
    const name = /_CONFIG\s*\[\s*['"](\w+)['"]\s*\]/.exec(expr)?.[1] ?? expr.trim().replace(/^(userInfo|user)\./, '');
    if (name === 'domianURL' || name === 'domainURL') return vars.origin + vars.apiBase;
    if (name === 'staticDomainURL') return `${vars.origin}${vars.apiBase}/sys/common/static`;
    const value = user.get(name.toLowerCase());
    return value === undefined ? '' : encodeURIComponent(value);
  });
}
