/** The headless cron model (spec 2.6, 3, 4.2, 5.3, 9): Quartz expressions, builder state, validation, next times. */
export * from './units.js';
export * from './state.js';
export * from './week.js';
export * from './validate.js';
export * from './unit-codec.js';
export * from './cron-codec.js';
export * from './day-tab.js';
export * from './text-builder.js';
export * from './special-days.js';
export * from './field-matcher.js';
export * from './next-times.js';
export * from './format.js';
