export { Ellipsis, type EllipsisProps } from './Ellipsis.js';
