export { Paginator, type PaginatorProps } from './Paginator.js';
export { PAGINATOR_DEFAULTS, clampPage, lastPage, paginatorTotalText } from './model.js';
