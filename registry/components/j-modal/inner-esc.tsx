import type { KeyboardEvent, ReactNode } from 'react';
import { escBelongsToInnerLayer } from './model.js';

/**
 * Props for an antd Modal (or Drawer, through `drawerRender`) whose Esc must close only the
 * innermost layer: antd's own Esc handling is switched off (it closes the dialog even while a
 * select, tree select or date panel inside is open) and Esc closes the dialog through `close`
 * only when no popup layer is open; a dialog opened above it keeps its own Esc. Input: the
 * dialog's close function. Returns `{ keyboard: false, modalRender }` to spread onto the Modal.
 */
export function innerEscProps(close: () => void): { keyboard: false; modalRender: (node: ReactNode) => ReactNode } {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
    if (escBelongsToInnerLayer(e.target, document)) return;
    e.stopPropagation();
    close();
  };
  return { keyboard: false, modalRender: (node) => <div onKeyDown={onKeyDown}>{node}</div> };
}
