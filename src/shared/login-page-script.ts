/**
 * The prerendered login page's only inline script (written by the build, scripts/build/login-page.ts,
 * as the head's first element, with the app's entry and the login stylesheet as its
 * `data-entry` and `data-css` attributes). Two jobs:
 * - submit guard: until the client hydrated the page, a native submission would send the form as
 *   a GET with the password in the URL: this blocks it and notes it, and the login page submits
 *   once hydrated (src/app/prerender.ts, releaseSubmitGuard, takeEarlySubmit);
 * - boot: the page paints its form with its inline styles; no request stands before that frame.
 *   Once the document is parsed it links the full login stylesheet and starts fetching the
 *   entry (`modulepreload`; the two are not render-blocking, and the page's load event waits
 *   for them as it did for the entry's script tag), then imports the entry once the stylesheet
 *   is in (loaded or failed) and a frame was painted (at once in a hidden tab, where no frame
 *   comes): the entry's evaluation and the hydration come after the painted form, and antd,
 *   hydrating, finds its styles present through the stylesheet's cache-path marker and skips
 *   generating them.
 * The server's Content-Security-Policy allows exactly this text by its hash
 * (src/server/http/security-headers.ts), so a change here changes both; the attributes are not
 * part of the hash.
 */
export const LOGIN_PAGE_JS =
  'window.__oboSubmitGuard=function(e){e.preventDefault();window.__oboEarlySubmit=true};addEventListener("submit",window.__oboSubmitGuard,true);' +
  '(function(d){' +
  'var link=function(rel,href){var l=document.createElement("link");l.rel=rel;l.crossOrigin="";l.href=href;document.head.appendChild(l);return l};' +
  'addEventListener("DOMContentLoaded",function(){var css=link("stylesheet",d.css);link("modulepreload",d.entry);' +
  'var sheet=new Promise(function(r){css.onload=css.onerror=r});' +
  'var frame=document.visibilityState==="hidden"?Promise.resolve():new Promise(function(r){requestAnimationFrame(function(){setTimeout(r,0)})});' +
  'Promise.all([sheet,frame]).then(function(){return import(d.entry)})})' +
  '})(document.currentScript.dataset)';
