/**
 * The rich-text sanitising policy (spec 9 editors): ONE allow-list of tags, attributes, inline
 * styles and URL schemes, shared by both sides and applied by each with its own sanitiser —
 *   - in the browser by registry/shared/sanitize.ts (DOMPurify), before any HTML is shown;
 *   - on the server by src/server/http/sanitize.ts (sanitize-html), before HTML is stored.
 * Both hand every surviving element's attributes to the same {@link filterAttributes}, so the
 * attribute, URL and style decisions are literally the same code on both sides. Plain data and
 * functions: no sanitiser library and no DOM here.
 *
 * Allowed: formatting, headings, lists, tables, links (http, https, mailto, relative), images
 * (http, https, relative, `data:image/(png|jpeg|gif|webp);base64`), videos (http, https,
 * relative). Never: script, style, iframe, object, embed, svg, forms, event handlers,
 * `javascript:`/`vbscript:`/other schemes, CSS beyond the listed properties and values.
 */

/** Elements kept (their attributes still go through {@link filterAttributes}). */
// prettier-ignore
export const RICH_TEXT_TAGS: readonly string[] = [
  // text and formatting
  'p', 'br', 'span', 'div', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'mark', 'small',
  'code', 'pre', 'blockquote', 'hr',
  // headings
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  // lists
  'ul', 'ol', 'li',
  // tables
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  // links and media
  'a', 'img', 'video', 'source',
];

/**
 * Elements dropped together with their content (everything else not allowed is unwrapped:
 * the tag goes, its text stays).
 */
// prettier-ignore
export const RICH_TEXT_DROP_WITH_CONTENT: readonly string[] = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template',
  'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'textarea', 'select', 'option', 'title', 'head', 'meta', 'link', 'base',
];

/** Attributes allowed per element ('*': on every allowed element). Values are checked by {@link filterAttributes}. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['style', 'title'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'data-href'],
  video: ['src', 'poster', 'controls', 'width', 'height'],
  source: ['src', 'type'],
  table: ['width'],
  col: ['span', 'width'],
  th: ['colspan', 'rowspan', 'width', 'align'],
  td: ['colspan', 'rowspan', 'width', 'align'],
  ol: ['start'],
  code: ['class'],
};

/** Attributes whose value is a URL, checked by {@link isSafeUrl}. */
export const RICH_TEXT_URL_ATTRIBUTES: readonly string[] = ['href', 'src', 'poster', 'data-href'];

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d{1,4}|\d{1,3}%)\s*)?\)$/i,
  /^[a-z]{3,24}$/i, // named colours, transparent, inherit
];
const LENGTH = /^-?\d{1,4}(\.\d{1,4})?(px|pt|em|rem|%)?$/i;
const SIZE = [/^(auto|\d{1,5}(\.\d{1,4})?(px|pt|em|rem|%|vw)?)$/i];

/**
 * Inline CSS allowed: property → value patterns (whole value, no `!important`). No `url(`,
 * no `expression(`, no backslash escapes can match any of them.
 */
export const RICH_TEXT_STYLES: Readonly<Record<string, RegExp[]>> = {
  color: COLOR,
  'background-color': COLOR,
  'font-size': [LENGTH, /^(xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/i],
  'font-family': [/^[-\w\s,'"\u3400-\u9fff\uf900-\ufaff]{1,200}$/],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(normal|italic|oblique)$/i],
  'text-decoration': [/^(none|underline|line-through|overline)(\s+(underline|line-through|overline))*$/i],
  'text-decoration-line': [/^(none|underline|line-through|overline)(\s+(underline|line-through|overline))*$/i],
  'text-align': [/^(left|right|center|justify|start|end)$/i],
  'text-indent': [LENGTH],
  'line-height': [/^(normal|\d{1,3}(\.\d{1,4})?(px|pt|em|rem|%)?)$/i],
  'vertical-align': [/^(baseline|top|middle|bottom|sub|super|text-top|text-bottom)$/i],
  width: SIZE,
  height: SIZE,
  'max-width': SIZE,
};

/** `data:` URLs allowed as image sources (base64 raster images only; no SVG). */
export const RICH_TEXT_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/]+=*$/i;

/** Schemes a URL may have, by attribute (relative URLs are always allowed). */
export function allowedSchemes(tag: string, attr: string): readonly string[] {
  if (tag === 'a' && attr === 'href') return ['http', 'https', 'mailto'];
  if (tag === 'img' && attr === 'src') return ['http', 'https', 'data'];
  return ['http', 'https'];
}

/**
 * Whether `value` is an acceptable URL for `tag`'s `attr`: relative (path, `#anchor`,
 * `//host/…`) or one of {@link allowedSchemes}; `data:` only as {@link RICH_TEXT_DATA_IMAGE}.
 * Whitespace and control characters are removed before the scheme is read, so
 * `java\tscript:` or ` javascript:` count as `javascript:`.
 */
export function isSafeUrl(tag: string, attr: string, value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!m) return true; // relative: no scheme before the first '/', '?' or '#'
  const scheme = m[1].toLowerCase();
  if (!allowedSchemes(tag, attr).includes(scheme)) return false;
  return scheme !== 'data' || RICH_TEXT_DATA_IMAGE.test(compact);
}

/** Keeps the allowed declarations of an inline style ('' when none survives). */
export function filterStyle(style: string): string {
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const prop = decl.slice(0, colon).trim().toLowerCase();
    const value = decl
      .slice(colon + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    const rules = Object.prototype.hasOwnProperty.call(RICH_TEXT_STYLES, prop) ? RICH_TEXT_STYLES[prop] : undefined;
    if (rules && rules.some((re) => re.test(value))) out.push(`${prop}:${value}`);
  }
  return out.join(';');
}

const NUMBER = /^\d{1,4}$/;
const DIMENSION = /^(auto|\d{1,5}(\.\d{1,4})?(px|%)?)$/i;

/** The value to keep for one allowed attribute, or null to drop it. */
function attributeValue(tag: string, name: string, value: string): string | null {
  if (RICH_TEXT_URL_ATTRIBUTES.includes(name)) return value.trim() && isSafeUrl(tag, name, value) ? value.trim() : null;
  switch (name) {
    case 'style':
      return filterStyle(value) || null;
    case 'target':
      return /^_(blank|self)$/i.test(value) ? value.toLowerCase() : null;
    case 'rel':
      return null; // set by filterAttributes for target=_blank only
    case 'width':
    case 'height':
      return DIMENSION.test(value) ? value : null;
    case 'colspan':
    case 'rowspan':
    case 'span':
    case 'start':
      return NUMBER.test(value) ? value : null;
    case 'align':
      return /^(left|center|right|justify)$/i.test(value) ? value.toLowerCase() : null;
    case 'class': {
      const classes = value.split(/\s+/).filter((c) => /^language-[\w+#.-]{1,40}$/.test(c));
      return classes.length ? classes.join(' ') : null;
    }
    case 'type':
      return /^video\/[\w.+-]{1,40}$/i.test(value) ? value : null;
    case 'controls':
      return 'controls';
    default:
      return value; // alt, title: plain text, escaped by the serialiser
  }
}

/**
 * Applies the policy to the attributes of one (allowed) element: unknown attributes, event
 * handlers, unsafe URLs and styles are dropped; links opening a new window get
 * `rel="noopener noreferrer"`. Used by both the browser and the server sanitiser.
 */
export function filterAttributes(tag: string, attrs: Readonly<Record<string, string>>): Record<string, string> {
  const t = tag.toLowerCase();
  const allowed = [...RICH_TEXT_ATTRIBUTES['*'], ...(RICH_TEXT_ATTRIBUTES[t] ?? [])];
  const out: Record<string, string> = {};
  for (const [rawName, raw] of Object.entries(attrs)) {
    const name = rawName.toLowerCase();
    if (!allowed.includes(name)) continue;
    const v = attributeValue(t, name, String(raw ?? ''));
    if (v !== null) out[name] = v;
  }
  if (t === 'a' && out.target === '_blank') out.rel = 'noopener noreferrer';
  return out;
}

/** Every attribute name of the policy (DOMPurify's ALLOWED_ATTR; per-element checks follow in the hook). */
export const RICH_TEXT_ALL_ATTRIBUTES: readonly string[] = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Escapes text for HTML (the fail-closed answer when no DOM is available). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
