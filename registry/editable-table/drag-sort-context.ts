/**
 * The row drag-sort menu of spec 2.6 in the editable table: with drag sort on, a row's context
 * menu (right click on its row header) offers 上移 / 下移 / 在下方插入一行 — move-up
 * disabled at the first row, move-down at the last (registry/components/drag-sort-menu's model).
 * Builds handsontable's contextMenu setting.
 */
import type Handsontable from 'handsontable/base';
import { dragSortAction, dragSortMenuItems, type DragSortKey } from '../components/drag-sort-menu/model.js';
import type { EditableTableModel } from './model.js';

type Hot = Handsontable | undefined | null;

/** The model index of the row the menu was opened on, -1 when none. */
function menuRow(model: EditableTableModel, hot: Hot): number {
  const sel = hot?.getSelectedRangeLast();
  if (!hot || !sel) return -1;
  const visual = sel.highlight.row;
  if (visual === null || visual < 0) return -1;
  const physical = hot.toPhysicalRow(visual);
  const data = hot.getSourceDataAtRow(physical) as { id?: string } | undefined;
  return data?.id ? model.indexOf(data.id) : -1;
}

/**
 * The contextMenu setting: `hot` gives the grid instance; `guardedInsert` runs an insert under
 * the table's 1500 ms guard (spec 5.4).
 */
export function dragSortContextMenu(model: EditableTableModel, hot: () => Hot, guardedInsert: (run: () => void) => void) {
  const item = (key: DragSortKey) => ({
    name: () => dragSortMenuItems(0, 1).find((i) => i.key === key)?.label ?? key,
    disabled: () => {
      const index = menuRow(model, hot());
      return index < 0 || !!dragSortMenuItems(index, model.rows.length).find((i) => i.key === key)?.disabled;
    },
    callback: () => {
      const index = menuRow(model, hot());
      const action = dragSortAction(key, index, model.rows.length);
      if (action?.type === 'move') model.move(action.from, action.to);
      else if (action?.type === 'insertBelow') guardedInsert(() => model.insertBelow(model.rows[action.index].id));
    },
  });
  return { items: { up: item('up'), down: item('down'), insertBelow: item('insertBelow') } };
}
