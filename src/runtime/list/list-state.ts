import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import { queryDefaults, toQueryParams } from './query-params.js';

/** Paging sizes of spec 9. */
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'] as const;

/** Above this many rows a list page is drawn as a virtual table (only the visible rows in the DOM). */
export const VIRTUAL_PAGE_ROWS = 100;

/**
 * The page sizes a screen's list offers, ascending: the schema's `pageSizeOptions`, or spec 9's
 * 10/20/30 when it has none. The first is the initial page size.
 */
export function pageSizeOptions(screen: Pick<ScreenSchema, 'pageSizeOptions'>): number[] {
  const sizes = screen.pageSizeOptions?.length ? [...new Set(screen.pageSizeOptions)] : PAGE_SIZE_OPTIONS.map(Number);
  return sizes.sort((a, b) => a - b);
}

/** Whether a page of `pageSize` rows is drawn as a virtual table (more than {@link VIRTUAL_PAGE_ROWS}). */
export function isVirtualPage(pageSize: number): boolean {
  return pageSize > VIRTUAL_PAGE_ROWS;
}

/** The list page's state: paging, sort, query and selection (spec 4.4, 7.3, 9). */
export interface ListState {
  pageNo: number;
  pageSize: number;
  column: string;
  order: 'asc' | 'desc';
  query: Record<string, string>;
  /** Selected row ids, kept across pages; cleared on search and batch delete (spec 4.4). */
  selectedRowKeys: string[];
}

/**
 * Initial state: page 1 of `defaultPageSize` when the screen offers it (系统设置's default page
 * size), else of the smallest offered size (10 by default), sorted by the screen's default sort or
 * createTime descending, queried by the fields' query defaults (`queryDefault`).
 */
export function initialListState(screen: ScreenSchema, defaultPageSize?: number): ListState {
  const sizes = pageSizeOptions(screen);
  return {
    pageNo: 1,
    pageSize: defaultPageSize && sizes.includes(defaultPageSize) ? defaultPageSize : sizes[0],
    column: screen.defaultSort ? toColumn(screen.defaultSort.column) : 'createTime',
    order: screen.defaultSort?.order ?? 'desc',
    query: toQueryParams(screen, queryDefaults(screen)),
    selectedRowKeys: [],
  };
}

/** A new search: back to page 1 with the new query; the selection is cleared. */
export function applySearch(state: ListState, query: Record<string, string>): ListState {
  return { ...state, query, pageNo: 1, selectedRowKeys: [] };
}

/** A sort change from a column header; no sort order given → back to the default sort. */
export function applySort(
  state: ListState,
  screen: ScreenSchema,
  column: string | undefined,
  order: 'ascend' | 'descend' | null | undefined,
): ListState {
  if (!column || !order) {
    const d = initialListState(screen);
    return { ...state, column: d.column, order: d.order };
  }
  return { ...state, column, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** The getData parameters for a state (pageNo, pageSize, column, order and the query). */
export function requestParams(state: ListState): Record<string, string | number> {
  return { ...state.query, pageNo: state.pageNo, pageSize: state.pageSize, column: state.column, order: state.order };
}

/** Spec 9 total text: 'from-to 共N条'. */
export function totalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共${total}条`;
}
