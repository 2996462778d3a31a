import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, createPath, useLocation, type To } from 'react-router-dom';
import { guardTab, isReleased } from '../stores/tab-guards';

type Push = (to: To, state?: unknown, opts?: unknown) => void;

/**
 * Asks before an in-app navigation leaves the calling page (side menu, tab strip, breadcrumbs,
 * any `navigate` or `<Link>`): while `when` holds and the browser shows the page's own location,
 * a push to another location is handed to `ask(leave)`, which calls `leave()` to go on or
 * nothing to stay. The app runs a BrowserRouter (no data router, so no `useBlocker`): the
 * router's history `push` is wrapped while `when` holds. Redirects (`replace`), the browser's
 * back button, reloads and closing the tab are not covered (beforeunload covers the last two).
 * A kept-alive page hidden behind another tab never asks on navigation; closing its tab in the
 * tab strip asks (stores/tab-guards.ts), and once let go it does not ask again.
 */
export function useLeaveGuard(when: boolean, ask: (leave: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname, search } = useLocation();
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  }, [ask]);
  useEffect(() => {
    if (!when) return;
    const own = pathname + search;
    const history = navigator as unknown as { push: Push };
    const push = history.push;
    history.push = (to, ...rest) => {
      const here = window.location.pathname + window.location.search;
      const target = typeof to === 'string' ? to : createPath(to);
      if (here !== own || target === own || isReleased(pathname)) return push.call(history, to, ...rest);
      askRef.current(() => push.call(history, to, ...rest));
    };
    const unguard = guardTab(pathname, (leave) => askRef.current(leave));
    return () => {
      history.push = push;
      unguard();
    };
  }, [when, navigator, pathname, search]);
}
