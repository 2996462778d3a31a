import { BizError } from './envelope.js';

/** A list request's paging and sort values as JeecgBoot clients send them (query strings). */
export interface ListQuery {
  pageNo?: unknown;
  pageSize?: unknown;
  column?: unknown;
  order?: unknown;
  [key: string]: unknown;
}

/** Page size when none is asked for (api-contract §1.7). */
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page of the hand-written lists: pickers, admin lists, logs (spec 4 list sizes). */
export const PAGE_LIMIT = { picker: 100, list: 200, log: 1000 } as const;

/** Escapes LIKE's wildcards and its escape character (`\`), so a user's text matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** The LIKE pattern of a substring search for `s` (`%s%`, escaped). */
export const likeContains = (s: string): string => `%${escapeLike(s)}%`;
/** The LIKE pattern of a prefix search for `s` (`s%`, escaped). */
export const likePrefix = (s: string): string => `${escapeLike(s)}%`;

/** A page: 1-based number, size and the row offset. */
export interface Paging {
  pageNo: number;
  pageSize: number;
  offset: number;
}

/**
 * The page a list request asks for: `pageNo` ≥ 1 (default 1), `pageSize` between 1 and
 * `maxPageSize` (default 10); anything not a number falls back to the default.
 */
export function pagingOf(q: ListQuery, maxPageSize: number): Paging {
  const pageNo = Math.max(1, Math.floor(Number(q.pageNo)) || 1);
  const pageSize = Math.min(maxPageSize, Math.max(1, Math.floor(Number(q.pageSize)) || DEFAULT_PAGE_SIZE));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/**
 * The sort of a list request: `column` (a property name) looked up in `sortable` (property →
 * column; anything else gives `fallback`), `order` 'asc' or else descending (JeecgBoot's
 * default). Only columns of `sortable` reach the SQL.
 */
export function sortOf<C extends string>(
  q: ListQuery,
  sortable: Readonly<Record<string, C>>,
  fallback: C,
  fallbackDir: 'asc' | 'desc' = 'desc',
): { column: C; dir: 'asc' | 'desc' } {
  const key = typeof q.column === 'string' ? q.column : '';
  const column = Object.prototype.hasOwnProperty.call(sortable, key) ? sortable[key] : undefined;
  if (!column) return { column: fallback, dir: fallbackDir };
  return { column, dir: /asc/i.test(String(q.order ?? '')) ? 'asc' : 'desc' };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/**
 * The date range filter `<name>_begin` / `<name>_end` of a list request (JeecgBoot's range
 * query): a date alone means the whole day (from 00:00:00, to 23:59:59). Throws BizError
 * 时间格式不正确… when a bound is neither yyyy-MM-dd nor yyyy-MM-dd HH:mm:ss.
 */
export function dateRangeOf(q: ListQuery, name: string): { begin?: string; end?: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const begin = text(q[`${name}_begin`]);
  const end = text(q[`${name}_end`]);
  if ((begin && !DATE_TIME.test(begin)) || (end && !DATE_TIME.test(end)))
    throw new BizError('时间格式不正确，应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss');
  return {
    begin: begin ? (begin.length === 10 ? `${begin} 00:00:00` : begin) : undefined,
    end: end ? (end.length === 10 ? `${end} 23:59:59` : end) : undefined,
  };
}
