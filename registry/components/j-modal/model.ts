/**
 * Pure rules of the modal wrapper (spec 4.6 "Modal wrapper: mask click does not close; content
 * destroyed on close; ok closes by default"; spec 2.6 details modal "fullscreen switch").
 */

/** Props the wrapper forces onto antd Modal (a caller may not loosen them). */
import { MODAL_BODY_MARGIN } from './body-height.js';

export const J_MODAL_FIXED = { maskClosable: false, destroyOnHidden: true } as const;

/**
 * Width of the modal: '100%' when fullscreen, else the given width (default 520, antd's).
 * Inputs: width (number px or CSS string) and the fullscreen flag.
 */
export function modalWidth(width: number | string | undefined, fullscreen: boolean): number | string {
  return fullscreen ? '100%' : (width ?? 520);
}

/**
 * Whether OK closes the modal: the OK handler's outcome `false` (or a rejected promise, reported
 * by the caller as `false`) keeps it open; otherwise it closes when `okClose` (default true).
 */
export function closesAfterOk(okClose: boolean | undefined, outcome: unknown): boolean {
  if (outcome === false) return false;
  return okClose !== false;
}

/**
 * Popup layers that close on Esc by themselves (select and tree-select dropdowns, date and time
 * panels, cascaders, dropdown menus, popconfirms): while one is open, Esc belongs to it, not to
 * the modal under it. A closed popup carries its `-hidden` class.
 */
export const POPUP_LAYERS = [
  '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
  '.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)',
  '.ant-dropdown:not(.ant-dropdown-hidden)',
  '.ant-popover:not(.ant-popover-hidden)',
  '.ant-color-picker:not(.ant-popover-hidden)',
].join(', ');

/**
 * Whether an Esc pressed on `target` belongs to a layer above the modal: a control that says
 * its popup is open (`aria-expanded="true"`), or any open popup layer in `doc`.
 */
export function escBelongsToInnerLayer(target: EventTarget | null, doc: Pick<Document, 'querySelector'>): boolean {
  const el = target as { closest?: (s: string) => unknown } | null;
  if (el?.closest?.('[aria-expanded="true"]')) return true;
  return doc.querySelector(POPUP_LAYERS) !== null;
}

/** Height the body of a (non-fullscreen) modal may take before it scrolls under a fixed header and footer. */
export const MODAL_BODY_MAX_HEIGHT = `calc(100vh - ${MODAL_BODY_MARGIN.normal}px)`;
/** The same for a fullscreen modal. */
export const FULLSCREEN_BODY_HEIGHT = `calc(100vh - ${MODAL_BODY_MARGIN.fullscreen}px)`;
