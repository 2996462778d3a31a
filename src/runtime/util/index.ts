/** Headless helpers (no React, no antd): spec 9 constants and the area data of spec 3. */
export * from './area.js';
export * from './array.js';
export * from './greeting.js';
export * from './number.js';
export * from './text.js';
