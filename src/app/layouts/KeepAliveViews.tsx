import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { tabs } from '../stores/tabs';
import PageErrorBoundary from './PageErrorBoundary';

function TabView({ routes, location }: { routes: RouteObject[]; location: string }) {
  return useRoutes(routes, location);
}

/** After a tab switch, scroll events for this long come from the switch itself (a shorter page, the scroll to the top). */
const SWITCH_SETTLE_MS = 400;
/** How long a returning tab's scroll position is put back while its view grows to its height. */
const RESTORE_MS = 2000;
/** Frames the put-back position must hold before the restoring stops. */
const HELD_FRAMES = 10;

/**
 * The window's scroll position of each kept-alive tab: recorded while the user scrolls the
 * active tab, put back when the user returns to it (after the navigation's scroll to the top,
 * spec 2.1). Input: the active tab's key and whether it is kept alive.
 */
function useTabScroll(activeKey: string, keepAlive: boolean): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef({ key: activeKey, switchedAt: 0 });
  useEffect(() => {
    const onScroll = () => {
      const { key, switchedAt } = current.current;
      if (Date.now() - switchedAt > SWITCH_SETTLE_MS) positions.current.set(key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // before the browser paints the switch (and fires its scroll events)
  useLayoutEffect(() => {
    current.current = { key: activeKey, switchedAt: Date.now() };
  }, [activeKey]);
  // after the navigation's scroll to the top (ScrollToTop's effect runs first: an earlier sibling);
  // each frame while the view is still growing back (the page shorter than the position), until
  // it holds for a few frames, the user scrolls by hand, or RESTORE_MS pass
  useEffect(() => {
    const y = keepAlive ? positions.current.get(activeKey) : undefined;
    if (!y) return;
    const until = Date.now() + RESTORE_MS;
    const byHand = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    let frame = 0;
    let held = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const e of byHand) window.removeEventListener(e, stop);
    };
    const restore = () => {
      if (Math.abs(window.scrollY - y) < 1) held++;
      else {
        held = 0;
        window.scrollTo(0, y);
      }
      if (held >= HELD_FRAMES || Date.now() > until) stop();
      else frame = requestAnimationFrame(restore);
    };
    for (const e of byHand) window.addEventListener(e, stop, { passive: true });
    restore();
    return stop;
  }, [activeKey, keepAlive]);
}

/**
 * The page views of the open tabs (spec 2.4 multi-tab, 2.2 "cached" routes). Each tab renders
 * its own `useRoutes(routes, tab.fullPath)` in its own container: the active one is shown; a tab
 * whose menu has meta.keepAlive stays mounted while hidden (display:none), so its state — a
 * list's query, page and selection — survives switching, and its scroll position is put back on
 * return; other tabs unmount when left. Closing a tab drops its view; "refresh" bumps its
 * version and remounts it. A location not yet in the list renders as a transient view.
 * Each view has its own error boundary (a page chunk failing to load, spec 8).
 * Props: routes (MenuModel.routes), activeKey (pathname), fullPath (pathname+search).
 */
export default function KeepAliveViews({ routes, activeKey, fullPath }: { routes: RouteObject[]; activeKey: string; fullPath: string }) {
  const { list } = useSnapshot(tabs);
  const views = list.some((t) => t.key === activeKey) ? [...list] : [...list, { key: activeKey, fullPath, keepAlive: false, version: 0 }];
  useTabScroll(activeKey, !!views.find((t) => t.key === activeKey)?.keepAlive);
  return (
    <>
      {views.map((tab) => {
        const active = tab.key === activeKey;
        if (!active && !tab.keepAlive) return null;
        return (
          <div key={`${tab.key}#${tab.version}`} className="tab-view" data-tab={tab.key} style={active ? undefined : { display: 'none' }}>
            <PageErrorBoundary>
              <TabView routes={routes} location={active ? fullPath : tab.fullPath} />
            </PageErrorBoundary>
          </div>
        );
      })}
    </>
  );
}
