/**
 * Pure rules of the modal wrapper (spec 4.6 "Modal wrapper: mask click does not close; content
 * destroyed on close; ok closes by default"; spec 2.6 details modal "fullscreen switch").
 */

/** Props the wrapper forces onto antd Modal (a caller may not loosen them). */
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
