import { LOGIN_PATH } from './router/constants';
import { session } from './stores/session';
import { DEFAULT_SETTINGS, settings } from './stores/settings';

/**
 * The login page is prerendered at build time (scripts/build/login-page.ts): the server sends
 * its markup inside `<div id="root" data-prerendered="/user/login">`, so the password field is
 * usable before any script ran, and the client hydrates that markup instead of rendering anew.
 *
 * Hydration needs the browser's first render to equal the build's: the page is the prerendered
 * one, nobody is signed in (else the guard sends to the home page) and the primary colour is the
 * default (else antd's class hashes differ). `container`: #root. Returns true when the markup can
 * be hydrated; otherwise the caller empties the container and renders as usual.
 */
export function canHydrate(container: HTMLElement, pathname = window.location.pathname): boolean {
  return (
    container.dataset.prerendered === LOGIN_PATH &&
    pathname === LOGIN_PATH &&
    container.firstElementChild !== null &&
    !session.token &&
    settings.primaryColor === DEFAULT_SETTINGS.primaryColor
  );
}

type GuardedWindow = { __oboSubmitGuard?: (e: Event) => void; __oboEarlySubmit?: boolean };

/**
 * The prerendered page blocks form submission until React owns the page (an inline script of the
 * page, see scripts/build/login-page.ts: a native submit would send the password in the URL).
 * Called once the hydrated tree committed: React's own handlers take over.
 */
export function releaseSubmitGuard(): void {
  const w = window as GuardedWindow;
  if (!w.__oboSubmitGuard) return;
  window.removeEventListener('submit', w.__oboSubmitGuard, true);
  delete w.__oboSubmitGuard;
}

/**
 * Whether the user submitted the prerendered form before hydration (Enter or the login button
 * while the scripts loaded); clears the note. The login page then submits what was typed.
 */
export function takeEarlySubmit(): boolean {
  const w = window as GuardedWindow;
  const early = w.__oboEarlySubmit === true;
  delete w.__oboEarlySubmit;
  return early;
}
