import { useEffect, useRef } from 'react';
import type { MenuEntry } from '../api/types';
import { preloadComponent, ROUTE_PATTERNS } from './componentMap';
import { flattenMenu, isContainer, normaliseComponent } from './menuModel';

/** How many page components are preloaded: the few that most menu entries use. */
export const MAX_PRELOADED = 3;

/**
 * The page components of `menu` (no containers), the most used first, each once, at most `max`:
 * routed entries and entries opened through a route pattern (the online lists and reports, whose
 * menu entries carry route '0' and open at /online/cgformList/:code and the like).
 */
export function menuComponents(menu: readonly MenuEntry[], max: number = MAX_PRELOADED): string[] {
  const uses = new Map<string, number>();
  for (const { entry, routed } of flattenMenu(menu)) {
    const c = entry.component;
    if (c && !isContainer(entry) && (routed || normaliseComponent(c) in ROUTE_PATTERNS)) uses.set(c, (uses.get(c) ?? 0) + 1);
  }
  return [...uses]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([c]) => c);
}

const idle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 50);

/** Runs `fn` once the frame after now was painted (rAF, then a task). */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn, 0)));
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Loads the page chunks of the signed-in user's menu in idle time once the main layout is painted
 * (spec 9 keeps pages lazy for the login page; this keeps the first opening of a menu entry from
 * waiting for its chunks): after the layout's first painted frame, when the browser is idle, the
 * request signature's code, then one page component at a time, the few components most entries
 * use (the generic list runtime first), each when the browser is idle again — the home page's
 * own requests are already out by then and its rendering goes first — and last `after` (the
 * layout warms the list components' styles there, layouts/StyleWarmup.tsx), when idle again.
 * Input: the menu tree; `after`, a stable function (its identity does not restart the queue).
 * Stops when the layout unmounts.
 */
export function usePagePreload(menu: readonly MenuEntry[], after?: () => Promise<unknown>): void {
  const last = useRef(after);
  last.current = after;
  useEffect(() => {
    let alive = true;
    const queue: (() => Promise<unknown>)[] = [
      // the request signature (js-md5): a list's first dictionary calls are signed, and loading
      // it then would hold the first rows back by one more request
      () => import('../utils/sign').catch(() => undefined),
      ...menuComponents(menu).map((c) => () => preloadComponent(c)),
      () => last.current?.() ?? Promise.resolve(),
    ];
    const next = () => {
      const load = queue.shift();
      if (!alive || load === undefined) return;
      idle(() => void (alive && load().then(next)));
    };
    const cancel = afterNextPaint(next);
    return () => {
      alive = false;
      cancel();
    };
  }, [menu]);
}

/**
 * Starts loading the page chunks of menu entries the user is about to open: the entries of a
 * menu group as it opens, an entry as the pointer rests on it. `entries`: the entries (their own
 * children are not walked). Loads each component once (lazy pages keep their load).
 */
export function preloadEntries(entries: readonly MenuEntry[]): void {
  for (const c of new Set(entries.filter((e) => !isContainer(e)).map((e) => e.component))) void preloadComponent(c);
}
