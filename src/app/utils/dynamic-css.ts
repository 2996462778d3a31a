/**
 * rc-util's `Dom/dynamicCSS` with a keyed fast path for `updateCSS`. vite.config.ts points every
 * import of 'rc-util/es/Dom/dynamicCSS' (antd's cssinjs, @ant-design/icons, antd's ConfigProvider)
 * here; everything else is rc-util's own code.
 *
 * Why: antd's cssinjs calls `updateCSS(css, styleId)` from an insertion effect for every component
 * instance it mounts, not once per style. rc-util answers each call by listing all `<style>`
 * children of the container twice and reading the found node's `innerHTML` back to compare it;
 * with the app's ~100 style elements that was about a fifth of the script time of a 200-field
 * form. Here a call whose key already has a connected node, inserted or last
 * written through this module with the same CSS text and nonce, returns that node at once. Every
 * other call (first insertion, changed text, a node removed by someone else, a new nonce) goes to
 * rc-util unchanged, so insertion order and priorities are rc-util's.
 */
import { updateCSS as rcUpdateCSS, removeCSS as rcRemoveCSS } from 'rc-util/es/Dom/dynamicCSS.js';

export { injectCSS, clearContainerCache } from 'rc-util/es/Dom/dynamicCSS.js';

type Options = NonNullable<Parameters<typeof rcUpdateCSS>[2]>;

interface Written {
  node: HTMLElement;
  css: string;
  nonce: string | undefined;
}

/** Per container: `${mark}\u0000${key}` → the node last written for it. */
const written = new WeakMap<object, Map<string, Written>>();

function containerOf(option: Options): object {
  return option.attachTo ?? document.head ?? document.body;
}

function entryKey(key: string, option: Options): string {
  return `${option.mark ?? ''}\u0000${key}`;
}

/**
 * Inserts or updates the `<style>` marked `key` (rc-util semantics: `option.mark` names the
 * attribute, `prepend`/`priority` place a new node). Returns the style element; never throws in a
 * browser.
 */
export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const container = containerOf(option);
  const id = entryKey(key, option);
  const nonce = option.csp?.nonce;
  const known = written.get(container)?.get(id);
  if (known && known.node.isConnected && known.css === css && known.nonce === nonce) return known.node;
  const node = rcUpdateCSS(css, key, option);
  let byKey = written.get(container);
  if (!byKey) written.set(container, (byKey = new Map()));
  byKey.set(id, { node, css, nonce });
  return node;
}

/** Removes the `<style>` marked `key` (rc-util's removeCSS) and forgets it. */
export function removeCSS(key: string, option: Options = {}): void {
  written.get(containerOf(option))?.delete(entryKey(key, option));
  rcRemoveCSS(key, option);
}
