/**
 * The prerendered login page's only inline script (written by the build, scripts/build/login-page.ts).
 * Until the client hydrated the page, a native submission would send the form as a GET with the
 * password in the URL: this blocks it and notes it, and the login page submits once hydrated
 * (src/app/prerender.ts, takeEarlySubmit). The server's Content-Security-Policy allows exactly this
 * text by its hash (src/server/http/security-headers.ts), so a change here changes both.
 */
export const LOGIN_SUBMIT_GUARD_JS =
  'window.__oboSubmitGuard=function(e){e.preventDefault();window.__oboEarlySubmit=true};addEventListener("submit",window.__oboSubmitGuard,true)';
