/**
 * The stacking layer of the grid's cell editor. handsontable's React wrapper renders the editor
 * into document.body at z-index 100; a grid inside a dialog or drawer (a master-detail form's
 * sub table, z-index 1000 and up) would hide it behind that layer, so a date panel or a select
 * could not be seen or clicked. Headless DOM helper, no React.
 */

/** The editor's z-index when the grid lies in no raised layer (the wrapper's own). */
export const EDITOR_BASE_Z_INDEX = 100;

/** The minimal element shape walked here (a DOM Element in the browser). */
export interface LayerNode {
  parentElement: LayerNode | null;
}

/**
 * The z-index for the editor of a grid whose root element is `root`: one above the highest
 * numeric z-index among the root and its ancestors (the dialog or drawer holding the grid),
 * at least EDITOR_BASE_Z_INDEX. `zIndexOf` answers an element's computed z-index ('auto' or a
 * number as text; default: getComputedStyle). No root: the base.
 */
export function editorZIndex<T extends LayerNode>(
  root: T | null | undefined,
  zIndexOf: (el: T) => string = (el) => getComputedStyle(el as unknown as Element).zIndex,
): number {
  let top = EDITOR_BASE_Z_INDEX - 1;
  for (let el: T | null | undefined = root; el; el = el.parentElement as T | null) {
    const z = Number.parseInt(zIndexOf(el), 10);
    if (Number.isFinite(z) && z > top) top = z;
  }
  return top + 1;
}
