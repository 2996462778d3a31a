/**
 * One top-level piece of a stylesheet: a rule (`selector{…}`) or an at-rule with its block or
 * its semicolon, as written.
 */
interface Piece {
  /** the text before the block: the selector list or the at-rule's prelude ('' for `@x …;`) */
  head: string;
  /** the block's content without its braces; null for a block-less at-rule (`@import …;`) */
  body: string | null;
}

/**
 * Splits CSS text (as cssinjs's extractStyle writes it: no comments) into its top-level pieces,
 * keeping quoted strings (`content:"…"`) and nested blocks whole. Throws on unbalanced braces.
 */
function splitTopLevel(css: string): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < css.length) {
    let j = i;
    let depth = 0;
    let open = -1;
    for (; j < css.length; j++) {
      const c = css[j];
      if (c === '"' || c === "'") {
        const end = css.indexOf(c, j + 1);
        if (end < 0) throw new Error('critical css: unterminated string');
        j = end;
      } else if (c === '{') {
        if (depth++ === 0) open = j;
      } else if (c === '}') {
        if (--depth === 0) break;
        if (depth < 0) throw new Error('critical css: unbalanced "}"');
      } else if (c === ';' && depth === 0) break;
    }
    if (depth > 0) throw new Error('critical css: unbalanced "{"');
    const head = (open >= 0 ? css.slice(i, open) : css.slice(i, j)).trim();
    if (head || open >= 0) pieces.push({ head, body: open >= 0 ? css.slice(open + 1, j) : null });
    i = j + 1;
  }
  return pieces;
}

/** `:not(…)` arguments (one level of nested parentheses): what they name need not be present. */
const NOT_ARGUMENT = /:not\((?:[^()]|\([^()]*\))*\)/g;
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Whether every class a selector requires (outside `:not(…)`) is in `classes`. */
function mayMatch(selector: string, classes: ReadonlySet<string>): boolean {
  for (const m of selector.replace(NOT_ARGUMENT, '').matchAll(CLASS_NAME)) if (!classes.has(m[1])) return false;
  return true;
}

/** Splits a selector list at its top-level commas (not those inside parentheses or strings). */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '"' || c === "'") i = list.indexOf(c, i + 1);
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** The class names of an HTML text's `class` attributes. */
export function markupClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) classes.add(c);
  return classes;
}

/**
 * The part of stylesheet `css` that the markup `html` can use before any script ran (build time;
 * scripts/build/login-page.ts inlines it into the prerendered login page so the first frame
 * needs no stylesheet request):
 * every rule whose selector may match, i.e. each selector of a list kept whose class names
 * (those under `:not(…)` aside) all occur in the markup's `class` attributes — a superset of
 * what matches, states such as `:hover` and `:focus` included; `@media`/`@supports` blocks
 * filtered the same way; `@keyframes` and `@font-face` dropped (the class changes that start an
 * animation come from scripts, after the whole stylesheet is in) and other block-less at-rules
 * kept. Rules whose classes the markup lacks (other components, states such as
 * `ant-form-item-has-error`, cssinjs's cache-path marker) are left out.
 * Returns minified CSS text in the stylesheet's order. Throws on unbalanced braces or strings.
 */
export function criticalCss(css: string, html: string): string {
  const classes = markupClasses(html);
  const filter = (text: string): string => {
    let out = '';
    for (const { head, body } of splitTopLevel(text)) {
      if (body === null) out += `${head};`;
      else if (head.startsWith('@')) {
        if (/^@(-[a-z]+-)?(keyframes|font-face)\b/i.test(head)) continue;
        const inner = /^@(media|supports|layer|container)\b/i.test(head) ? filter(body) : body;
        if (inner) out += `${head}{${inner}}`;
      } else {
        const kept = splitSelectors(head).filter((s) => mayMatch(s, classes));
        if (kept.length) out += `${kept.join(',')}{${body}}`;
      }
    }
    return out;
  };
  return filter(css);
}
