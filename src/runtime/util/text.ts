/** Text helpers of spec 9: the tag input's separator and the ellipsis. */

/** The default ellipsis length (spec 9: 25 characters). */
export const ELLIPSIS_LENGTH = 25;

/** Characters of a text as the user sees them (code points, so an emoji is one character). */
function chars(text: string): string[] {
  return Array.from(text);
}

/** The text without any `separator` (the tag input's raw characters). */
export function stripSeparator(text: string, separator: string = ' '): string {
  return separator ? text.split(separator).join('') : text;
}

/**
 * The tag input's formatting (spec 9): removes the separators already in the text, then puts one
 * after every `every` characters ('abcde' → 'ab cd e'); never a trailing separator, so deleting
 * works. `every` below 1 or an empty separator leaves the text as is.
 */
export function insertSeparator(text: string, every: number = 2, separator: string = ' '): string {
  if (!text || !separator || !(every >= 1)) return text ?? '';
  const size = Math.floor(every);
  const raw = chars(stripSeparator(text, separator));
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += size) groups.push(raw.slice(i, i + size).join(''));
  return groups.join(separator);
}

/**
 * {@link insertSeparator} keeping the caret: `caret` is the cursor offset (UTF-16, as
 * `selectionStart`) in the typed text; the result gives the offset after the same character in the
 * formatted text, so typing in the middle does not throw the cursor to the end.
 */
export function insertSeparatorAt(
  text: string,
  caret: number,
  every: number = 2,
  separator: string = ' ',
): { text: string; caret: number } {
  const formatted = insertSeparator(text, every, separator);
  if (formatted === text || !separator) return { text: formatted, caret: Math.min(caret, formatted.length) };
  // characters (not separators) before the caret in the typed text
  const before = stripSeparator(text.slice(0, Math.max(0, caret)), separator).length;
  let seen = 0;
  let pos = 0;
  while (pos < formatted.length && seen < before) {
    if (formatted.startsWith(separator, pos)) pos += separator.length;
    else {
      pos += 1;
      seen += 1;
    }
  }
  return { text: formatted, caret: pos };
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
