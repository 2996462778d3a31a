/** Row-order helpers of the drag-sort menu (spec 2.6: move up, move down, insert a row below). */

/**
 * A copy of `list` with the item at `from` moved to `to` (both clamped into range); the same
 * order when `from` is out of range.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.min(Math.max(0, to), out.length - 1);
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item);
  return out;
}

/** A copy of `list` with `item` inserted right after `index` (at the start when index is -1). */
export function insertAfter<T>(list: readonly T[], index: number, item: T): T[] {
  const out = [...list];
  out.splice(Math.min(Math.max(-1, index), out.length - 1) + 1, 0, item);
  return out;
}
