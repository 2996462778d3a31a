import { WIDGET_TEXT } from '../../shared/locale.js';

/** Spec 9: search-select debounce 800 ms. */
export const SEARCH_DEBOUNCE_MS = 800;

/** The drop-down's empty text: 加载中… while searching, 请输入搜索内容 before, 没有查询到任何数据 after (spec 8). */
export function searchEmptyText(loading: boolean, keyword: string): string {
  if (loading) return WIDGET_TEXT.loading;
  return keyword.trim() ? WIDGET_TEXT.noData : WIDGET_TEXT.enterKeyword;
}
