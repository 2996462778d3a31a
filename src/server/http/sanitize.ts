/**
 * Server-side rich-text sanitiser (spec 9 editors): the shared policy of
 * `src/shared/rich-text-policy.ts` — the same allow-lists and the same attribute filter the
 * browser's DOMPurify uses — applied with sanitize-html to rich-text values before they are
 * stored, so a stored value is safe even for a client that does not sanitise.
 */
import sanitize from 'sanitize-html';
import {
  filterAttributes,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_ATTRIBUTES,
} from '../../shared/rich-text-policy.js';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedStyles: { '*': { ...RICH_TEXT_STYLES } },
  allowedClasses: { code: [/^language-[\w+#.-]{1,40}$/] },
  // Second line of defence behind filterAttributes' isSafeUrl (which also narrows data: to raster images).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], video: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: [...RICH_TEXT_URL_ATTRIBUTES, 'cite'],
  allowProtocolRelative: true,
  selfClosing: [...sanitize.defaults.selfClosing, 'source', 'col'],
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROP_WITH_CONTENT],
  allowVulnerableTags: false,
  enforceHtmlBoundary: false,
  // Every element's attributes go through the shared filter first (URLs, styles, values, rel).
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: filterAttributes(tagName, attribs) }),
  },
};

/**
 * Sanitises rich-text HTML (umeditor values) with the shared policy: formatting, headings,
 * lists, tables, http(s)/mailto links and http(s)/raster-data images stay; scripts, styles,
 * frames, plugins, SVG, event handlers, `javascript:` URLs and unlisted CSS go.
 */
export function sanitizeRichText(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  return sanitize(html, OPTIONS);
}
