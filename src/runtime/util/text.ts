/** Text helpers of spec 9: the ellipsis. */

/** The default ellipsis length (spec 9: 25 characters). */
export const ELLIPSIS_LENGTH = 25;

/** Characters of a text as the user sees them (code points, so an emoji is one character). */
function chars(text: string): string[] {
  return Array.from(text);
}

/**
 * The ellipsis of spec 9: at most `max` characters (default 25) then '...'; texts not longer are
 * returned whole. null/undefined → ''. Counts characters as code points.
 */
export function ellipsisText(text: unknown, max: number = ELLIPSIS_LENGTH): string {
  if (text === undefined || text === null) return '';
  const s = String(text);
  const cs = chars(s);
  return cs.length > max ? `${cs.slice(0, Math.max(0, max)).join('')}...` : s;
}

/** Whether {@link ellipsisText} cuts the text (the component then shows the whole text in a tooltip). */
export function isEllipsed(text: unknown, max: number = ELLIPSIS_LENGTH): boolean {
  return text !== undefined && text !== null && chars(String(text)).length > max;
}
