import { PAGE_SIZE_OPTIONS, totalText } from '../../../src/runtime/list/list-state.js';

/** Defaults of the paginator (spec 9: default page 1, total 100; page sizes 10/20/30 as the lists). */
export const PAGINATOR_DEFAULTS = {
  current: 1,
  total: 100,
  pageSize: 10,
  pageSizeOptions: PAGE_SIZE_OPTIONS,
} as const;

/** The 'from-to 共N条' text of spec 9 (the lists' own). */
export const paginatorTotalText = totalText;

/** The last page for a total and page size (at least 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** A page number clamped into 1…lastPage (e.g. after the total shrinks). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), lastPage(total, pageSize));
}
