/** Small reusable components (spec 2.6, 4.6, 9). Each folder: the component, its pure model, tests. */
export * from './drag-sort-menu/index.js';
export * from './ellipsis/index.js';
export * from './j-modal/index.js';
export * from './progress/index.js';
export * from './slider-verify/index.js';
