import { PurgeCSS } from 'purgecss';

/**
 * The part of stylesheet `css` that the markup `html` can use before any script ran (build time;
 * scripts/build/login-page.ts inlines it into the prerendered login page so the first frame
 * needs no stylesheet request). PurgeCSS keeps every rule whose selector may match the markup's
 * words (class names, tags, attribute values — a superset of what matches, states such as
 * `:hover` and `:focus` included), filters `@media`/`@supports` blocks the same way and drops the
 * `@keyframes` and `@font-face` rules nothing kept uses. Rules of other components and of states
 * a script sets (`ant-form-item-has-error`) are left out: the full stylesheet follows once the
 * page is parsed. Returns the CSS text in the stylesheet's order (minified as it came).
 */
export async function criticalCss(css: string, html: string): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }],
    css: [{ raw: css }],
    keyframes: true,
    fontFace: true,
  });
  return result?.css ?? '';
}
