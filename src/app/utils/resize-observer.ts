/**
 * The browser's own ResizeObserver, aliased in the client build for `resize-observer-polyfill`
 * (vite.config.ts): every browser the app supports has it, and the polyfill cost the login
 * page ~8 KB of script. Default export, as the polyfill's.
 */
export default globalThis.ResizeObserver;
