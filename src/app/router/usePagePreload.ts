import { useEffect } from 'react';
import type { MenuEntry } from '../api/types';
import { preloadComponent } from './componentMap';
import { flattenMenu, isContainer } from './menuModel';

/** Wait after the layout mounts before preloading, so the home page's own requests go first (ms). */
export const PRELOAD_DELAY_MS = 1500;

/** How many page components are preloaded: the few that most menu entries use. */
export const MAX_PRELOADED = 3;

/** The routed page components of `menu` (no containers), the most used first, each once, at most {@link MAX_PRELOADED}. */
export function menuComponents(menu: readonly MenuEntry[]): string[] {
  const uses = new Map<string, number>();
  for (const { entry, routed } of flattenMenu(menu)) {
    const c = entry.component;
    if (c && routed && !isContainer(entry)) uses.set(c, (uses.get(c) ?? 0) + 1);
  }
  return [...uses]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_PRELOADED)
    .map(([c]) => c);
}

const idle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 200);

/**
 * Loads the page chunks of the signed-in user's menu in idle time after the main layout is up
 * (spec 9 keeps pages lazy for the login page; this keeps the first opening of a menu entry from
 * waiting for its chunks): after {@link PRELOAD_DELAY_MS}, the request signature's code, then one
 * page component at a time, the few components most entries use (the generic list runtime
 * first), each when the browser is idle.
 * Input: the menu tree. Stops when the layout unmounts.
 */
export function usePagePreload(menu: readonly MenuEntry[]): void {
  useEffect(() => {
    let alive = true;
    const queue: (() => Promise<unknown>)[] = [
      // the request signature (js-md5): a list's first dictionary calls are signed, and loading
      // it then would hold the first rows back by one more request
      () => import('../utils/sign').catch(() => undefined),
      ...menuComponents(menu).map((c) => () => preloadComponent(c)),
    ];
    const next = () => {
      const load = queue.shift();
      if (!alive || load === undefined) return;
      idle(() => void (alive && load().then(next)));
    };
    const timer = setTimeout(next, PRELOAD_DELAY_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [menu]);
}
