/** The row drag-sort menu's model (spec 2.6: move up, move down, insert a row below). */

export const DRAG_SORT_TEXT = { up: '上移', down: '下移', insertBelow: '在下方插入一行' } as const;

export type DragSortKey = keyof typeof DRAG_SORT_TEXT;

export interface DragSortItem {
  key: DragSortKey;
  label: string;
  disabled: boolean;
}

/** What a menu choice does: move the row `from` → `to`, or insert a row below `index`. */
export type DragSortAction = { type: 'move'; from: number; to: number } | { type: 'insertBelow'; index: number };

/** The menu of row `index` of `total` rows: move-up disabled at the first row, move-down at the last. */
export function dragSortMenuItems(index: number, total: number): DragSortItem[] {
  return [
    { key: 'up', label: DRAG_SORT_TEXT.up, disabled: index <= 0 },
    { key: 'down', label: DRAG_SORT_TEXT.down, disabled: index >= total - 1 },
    { key: 'insertBelow', label: DRAG_SORT_TEXT.insertBelow, disabled: false },
  ];
}

/** The action of a chosen key for row `index` of `total`; undefined for a disabled or unknown key. */
export function dragSortAction(key: string, index: number, total: number): DragSortAction | undefined {
  const item = dragSortMenuItems(index, total).find((i) => i.key === key);
  if (!item || item.disabled) return undefined;
  if (key === 'up') return { type: 'move', from: index, to: index - 1 };
  if (key === 'down') return { type: 'move', from: index, to: index + 1 };
  return { type: 'insertBelow', index };
}
