/**
 * The height a JModal's body shows before it scrolls, for what is rendered inside it before it
 * is laid out (a large form's first screenful, renderers/form/progressive-items.tsx): the
 * window's height less the modal's header, footer and margins (model.ts MODAL_BODY_MAX_HEIGHT,
 * FULLSCREEN_BODY_HEIGHT). Null outside a modal.
 */
import { createContext } from 'react';

/** Pixels the modal takes around its body: normal and fullscreen (model.ts's calc() offsets). */
export const MODAL_BODY_MARGIN = { normal: 260, fullscreen: 120 } as const;

/** Returns the visible body height in px for the current window; null outside a modal. */
export const ModalBodyHeightContext = createContext<(() => number) | null>(null);

/** The visible body height (px) of a modal in a window `windowHeight` px high. */
export function modalBodyHeight(windowHeight: number, fullscreen: boolean): number {
  return Math.max(0, windowHeight - MODAL_BODY_MARGIN[fullscreen ? 'fullscreen' : 'normal']);
}
