/**
 * The browser's rich-text sanitiser (spec 9 editors): the shared policy of
 * src/shared/rich-text-policy.ts applied with DOMPurify before any HTML is shown (the server
 * applies the same policy with sanitize-html before storing, src/server/http/sanitize.ts).
 *
 * DOMPurify is bound to `window` on the first {@link sanitizeHtml} call; without a usable DOM
 * that call fails closed (the input comes back HTML-escaped, never unsanitised).
 */
import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';
import {
  escapeHtml,
  filterAttributes,
  RICH_TEXT_ALL_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from '../../src/shared/rich-text-policy.js';

/** DOMPurify's configuration of the policy. */
export const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ALL_ATTRIBUTES],
  ADD_FORBID_CONTENTS: [...RICH_TEXT_DROP_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // http(s), mailto and relative URLs; data: images pass DOMPurify's own data-URI rule and
  // are then narrowed by isSafeUrl in the hook.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let purifier: Purifier | undefined;

/** The DOMPurify instance bound to this page's window with the policy hook, or null without a DOM. */
function getPurifier(): Purifier | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined' || !window.document) return null;
  const p = DOMPurify(window);
  if (!p.isSupported) return null;
  p.addHook('afterSanitizeAttributes', (node) => {
    if (!node.attributes) return;
    const before: Record<string, string> = {};
    for (const a of Array.from(node.attributes)) before[a.name] = a.value;
    const kept = filterAttributes(node.nodeName, before);
    for (const name of Object.keys(before)) if (!(name in kept)) node.removeAttribute(name);
    for (const [name, v] of Object.entries(kept)) if (before[name] !== v) node.setAttribute(name, v);
  });
  purifier = p;
  return p;
}

/**
 * Sanitises rich-text HTML for display (`dangerouslySetInnerHTML`) with the policy above.
 * Without a DOM (node, SSR) it fails closed: the input comes back escaped as plain text.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const p = getPurifier();
  if (!p) return escapeHtml(html);
  return p.sanitize(html, PURIFY_CONFIG);
}
