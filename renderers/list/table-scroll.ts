/** Spec 9: below 500 px of window width (mobile) the table is 800 px wide and scrolls horizontally. */
const MOBILE_WIDTH = 500;
const MOBILE_SCROLL_X = 800;
/** Width (px) a virtual table gives a field column without a schema width, and the selection column. */
const DEFAULT_COLUMN_WIDTH = 140;
export const SELECTION_WIDTH = 48;
/** Height (px) of the page outside a virtual table's body (header, query form, toolbar, pager), and its least body height. */
const PAGE_CHROME_HEIGHT = 480;
const MIN_BODY_HEIGHT = 320;

const isMobile = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_WIDTH;

/**
 * The `scroll` of a list table. A plain table is as wide as its content (`max-content`), 800 px
 * on mobile (spec 9). A virtual table (a large page, `virtual`) needs numbers: x is the sum of
 * the column widths (`widths`, px; a column without one counts {@link DEFAULT_COLUMN_WIDTH},
 * plus the selection column when `selectable`) — antd widens the columns to fill a wider table —
 * and y is the body's height, the window height less the page around it (at least 320 px).
 */
export function tableScroll(
  widths: (number | string | undefined)[],
  opts: { virtual: boolean; selectable: boolean },
): { x: number | 'max-content'; y?: number } {
  if (!opts.virtual) return { x: isMobile() ? MOBILE_SCROLL_X : 'max-content' };
  const sum = widths.reduce<number>(
    (s, w) => s + (typeof w === 'number' ? w : DEFAULT_COLUMN_WIDTH),
    opts.selectable ? SELECTION_WIDTH : 0,
  );
  const height = typeof window === 'undefined' ? 600 : window.innerHeight - PAGE_CHROME_HEIGHT;
  return { x: isMobile() ? Math.max(sum, MOBILE_SCROLL_X) : sum, y: Math.max(MIN_BODY_HEIGHT, height) };
}
