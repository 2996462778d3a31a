import { HolderOutlined } from '@ant-design/icons';
import { Dropdown, type DropdownProps, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { dragSortAction, dragSortMenuItems } from './model.js';

export interface DragSortMenuProps {
  /** The row's index (0-based). */
  index: number;
  /** The number of rows. */
  total: number;
  /** Move the row `from` → `to` (the caller reorders, e.g. with `moveItem` of src/runtime/util). */
  onMove: (from: number, to: number) => void;
  /** Insert a new row below `index`. */
  onInsertBelow: (index: number) => void;
  disabled?: boolean;
  /** What opens the menu (default a drag-handle icon). */
  children?: ReactNode;
  /** Default hover, as the editable table's drag handle. */
  trigger?: DropdownProps['trigger'];
}

/**
 * The row drag-sort menu of spec 2.6 (editable table): 上移 / 下移 / 在下方插入一行, move-up disabled
 * at the first row and move-down at the last. It only reports the choice; the table moves rows.
 */
export function DragSortMenu({ index, total, onMove, onInsertBelow, disabled, children, trigger = ['hover'] }: DragSortMenuProps) {
  return (
    <Dropdown
      trigger={trigger}
      disabled={disabled}
      menu={{
        items: dragSortMenuItems(index, total).map((i): NonNullable<MenuProps['items']>[number] => ({ ...i })),
        onClick: ({ key }) => {
          const action = dragSortAction(String(key), index, total);
          if (action?.type === 'move') onMove(action.from, action.to);
          else if (action?.type === 'insertBelow') onInsertBelow(action.index);
        },
      }}
    >
      <span style={{ cursor: disabled ? 'not-allowed' : 'move' }} aria-label="drag-sort">
        {children ?? <HolderOutlined />}
      </span>
    </Dropdown>
  );
}
