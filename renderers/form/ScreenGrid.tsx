import type { ReactNode } from 'react';
// full-row items: a stylesheet loaded once with the code, not a <style> element per form (which
// would make the browser restyle the whole page on every opening)
import './screen-grid.css';
import { useProgressiveChildren } from './progressive-items.js';

/** Minimum width of one grid column before the grid drops to fewer columns (px). */
const MIN_COLUMN_WIDTH = 220;
const COLUMN_GAP = 24;

export interface ScreenGridProps {
  /** Fields per row at full width (screen formTemplate: 1, 2 or 3). */
  maxColumns?: number;
  /** Space between columns (px); default 24. */
  columnGap?: number;
  children?: ReactNode;
}

/**
 * The form's grid: a plain CSS grid of `maxColumns` equal columns that drops to
 * fewer (down to one) when a column would be narrower than 220 px; an item with a gridSpan other
 * than 1 spans the whole row. It stands in for Formily's FormGrid under the same component name:
 * FormGrid measures every child with getComputedStyle on each change, which cost more than half
 * of a 200-field form's render time; this grid is laid out by the browser alone. In a large
 * editable form the items past the first screenful start as shells (progressive-items.tsx). The list's query area uses it too (FormGrid's
 * ResizeObserver polyfill re-measured the page on every DOM change, e.g. a form opening over it).
 */
export function ScreenGrid({ maxColumns = 2, columnGap = COLUMN_GAP, children }: ScreenGridProps) {
  const columns = Math.max(1, maxColumns);
  const items = useProgressiveChildren(children, columns);
  const track = `calc((100% - ${(columns - 1) * columnGap}px) / ${columns})`;
  return (
    <div
      className="screen-form-grid"
      data-columns={columns}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(max(${MIN_COLUMN_WIDTH}px, ${track}), 1fr))`,
        columnGap,
      }}
    >
      {items}
    </div>
  );
}
