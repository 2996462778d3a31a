import { describe, expect, it } from 'vitest';
import { EDITOR_BASE_Z_INDEX, editorZIndex, type LayerNode } from './editor-layer.js';

type Node = LayerNode & { z: string };
/** A chain of elements from the outermost (first) to the grid root (last). */
function chain(...zs: string[]): Node {
  let parent: Node | null = null;
  for (const z of zs) parent = { z, parentElement: parent };
  return parent!;
}
const zOf = (n: Node) => n.z;

describe('editorZIndex', () => {
  it('keeps the wrapper base for a grid on the page (no raised ancestor)', () => {
    expect(editorZIndex(chain('auto', 'auto', '0'), zOf)).toBe(EDITOR_BASE_Z_INDEX);
    expect(editorZIndex(null, zOf)).toBe(EDITOR_BASE_Z_INDEX);
  });

  it('lifts the editor above the dialog or drawer holding the grid', () => {
    // body › .ant-modal-root › .ant-modal-wrap (1000) › … › grid (a sticky header at 3)
    expect(editorZIndex(chain('auto', 'auto', '1000', 'auto', '3'), zOf)).toBe(1001);
    // a dialog opened from a dialog
    expect(editorZIndex(chain('1000', 'auto', '1100', 'auto'), zOf)).toBe(1101);
  });
});
