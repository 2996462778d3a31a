import { Suspense } from 'react';
import { Navigate, matchPath, matchRoutes, type RouteObject } from 'react-router-dom';
import type { MenuEntry } from '../api/types';
import PageLoading from '../layouts/PageLoading';
import RouteView from '../layouts/RouteView';
import { ACCOUNT_T, T, NOTICE_T } from '../locale/zh-CN';
import MissingComponent from '../pages/exception/MissingComponent';
import { ROUTE_PATTERNS, resolveComponent } from './componentMap';
import { HOME_PATH } from './constants';
import { firstChildPath, flattenMenu, isContainer, isExternal, normaliseComponent, type FlatMenu } from './menuModel';

/** What a matched route knows about itself (title for tab, breadcrumb and browser title). */
export interface RouteHandle {
  title: string;
  entry?: MenuEntry;
  parents: MenuEntry[];
  keepAlive: boolean;
  /** a layout container: it only redirects to its first child, no tab of its own */
  container?: boolean;
}

/** The routes built from a menu tree plus a lookup from pathname to its handle. */
export interface MenuModel {
  flat: FlatMenu[];
  routes: RouteObject[];
  /** handle of the route serving `pathname`, or null when no route does (→ /404) */
  lookup(pathname: string): RouteHandle | null;
}

function MenuPage({ entry }: { entry: MenuEntry }) {
  const Component = resolveComponent(entry.component);
  if (!Component) return <MissingComponent component={entry.component ?? ''} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Component entry={entry} />
    </Suspense>
  );
}

function staticRoute(path: string, title: string, component: string): RouteObject {
  return {
    path,
    handle: { title, parents: [], keepAlive: false } satisfies RouteHandle,
    element: <MenuPage entry={{ id: path, path, component, meta: { title } }} />,
  };
}

/** Result pages of spec 1, at JeecgBoot's paths, routed even when the menu lacks them. */
const STATIC_RESULT_ROUTES: ReadonlyArray<readonly [string, string, string]> = [
  ['/result/success', T.resultSuccessTitle, 'result/Success'],
  ['/result/fail', T.resultErrorTitle, 'result/Error'],
];

/** Account pages (spec 1 "account center and settings"), at JeecgBoot's paths and components. */
const STATIC_ACCOUNT_ROUTES: ReadonlyArray<readonly [string, string, string]> = [
  ['/account/center', ACCOUNT_T.accountCenter, 'account/center/Index'],
  ['/account/settings', ACCOUNT_T.accountSettings, 'account/settings/Index'],
];

/** The user's announcement list (JeecgBoot's /isps/userAnnouncement), routed even when the menu lacks it. */
export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

function absolute(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Route path of an entry: a concrete path that instantiates a param pattern of the same component
 * (built-in ROUTE_PATTERNS or a menu entry like the hidden `/online/cgformList/:code`) is served
 * by that pattern, so the page can read its params; any other path is routed as it is.
 */
function patternResolver(flat: FlatMenu[]): (entry: MenuEntry) => string {
  const patterns = new Map<string, string[]>();
  const add = (component: string, pattern: string) => patterns.set(component, [...(patterns.get(component) ?? []), pattern]);
  for (const item of flat) {
    if (item.routed && item.entry.path?.includes(':')) add(normaliseComponent(item.entry.component), absolute(item.entry.path));
  }
  for (const [component, pattern] of Object.entries(ROUTE_PATTERNS)) add(component, pattern);
  return (entry) => {
    const path = absolute(entry.path);
    if (path.includes(':')) return path;
    const candidates = patterns.get(normaliseComponent(entry.component)) ?? [];
    return candidates.find((p) => matchPath({ path: p, end: true }, path)) ?? path;
  };
}

/**
 * Builds the dynamic routes of spec 2.2 from the server menu tree: entries with route '0' (and
 * their children) and external links get no route; containers redirect to `redirect` or their
 * first child; pages render through the component map (a concrete path of a param pattern is
 * routed through the pattern, see patternResolver); static /dashboard/analysis,
 * /exception/403|404|500 and /result/success|fail are added when the menu lacks them; anything else → /404.
 * Input: menu tree. Returns the MenuModel.
 */
export function buildMenuModel(menu: readonly MenuEntry[]): MenuModel {
  const flat = flattenMenu(menu);
  const routes: RouteObject[] = [];
  const seen = new Set<string>();
  const routePath = patternResolver(flat);
  for (const item of flat) {
    const { entry } = item;
    if (!item.routed || isExternal(entry) || !entry.path) continue;
    const path = routePath(entry);
    if (seen.has(path)) continue;
    seen.add(path);
    const handle: RouteHandle = { title: entry.meta?.title ?? '', entry, parents: item.parents, keepAlive: !!entry.meta?.keepAlive };
    if (isContainer(entry)) {
      const target = entry.redirect || firstChildPath(entry);
      const children: RouteObject[] = target && target !== path ? [{ index: true, element: <Navigate to={target} replace /> }] : [];
      routes.push({ path, handle: { ...handle, container: true }, element: <RouteView />, children });
    } else {
      routes.push({ path, handle, element: <MenuPage entry={entry} /> });
    }
  }
  if (!seen.has(HOME_PATH)) routes.push(staticRoute(HOME_PATH, T.home, 'dashboard/Analysis'));
  for (const code of ['403', '404', '500']) {
    const path = `/exception/${code}`;
    if (!seen.has(path)) routes.push(staticRoute(path, code, `exception/${code}`));
  }
  for (const [path, title, component] of STATIC_RESULT_ROUTES) {
    if (!seen.has(path)) routes.push(staticRoute(path, title, component));
  }
  for (const [path, title, component] of STATIC_ACCOUNT_ROUTES) {
    if (!seen.has(path)) routes.push(staticRoute(path, title, component));
  }
  // the user's own messages (the notice bell's 查看更多), for every signed-in user
  if (!seen.has(USER_ANNOUNCEMENT_PATH))
    routes.push(staticRoute(USER_ANNOUNCEMENT_PATH, NOTICE_T.myMessages, 'system/UserAnnouncementList'));
  routes.push({ path: '*', element: <Navigate to="/404" replace /> });

  const lookup = (pathname: string): RouteHandle | null => {
    const matches = matchRoutes(routes, pathname) ?? [];
    const withHandle = [...matches].reverse().find((m) => m.route.handle);
    const handle = withHandle?.route.handle as RouteHandle | undefined;
    if (!handle) return null;
    // the menu item whose path is this concrete path names the page (route '0' items, and
    // concrete items served by a param pattern)
    const exact = flat.find((f) => absolute(f.entry.path ?? '') === pathname && !isContainer(f.entry));
    if (exact && exact.entry !== handle.entry && !handle.container) {
      const meta = exact.entry.meta ?? { title: '' };
      return {
        ...handle,
        title: meta.title || handle.title,
        entry: exact.entry,
        parents: exact.parents,
        keepAlive: meta.keepAlive ?? handle.keepAlive,
      };
    }
    // a concrete path served by a param pattern that no menu item names (e.g. a screen opened by
    // its url): do not borrow the title and breadcrumb of the menu item that brought the pattern
    if (!exact && !handle.container && withHandle?.route.path?.includes(':')) {
      return { ...handle, title: pathname.split('/').pop() ?? '', entry: undefined, parents: [] };
    }
    return handle;
  };
  return { flat, routes, lookup };
}
