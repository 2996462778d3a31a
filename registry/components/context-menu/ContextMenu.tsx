import { Dropdown, type MenuProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface ContextMenuProps {
  /** The menu items (antd Menu items: key, label, icon, disabled, danger, type 'divider' …). */
  items: NonNullable<MenuProps['items']>;
  /** Called with the key of the chosen item. */
  onSelect?: (key: string) => void;
  /** No menu (the browser's own context menu shows). */
  disabled?: boolean;
  /** The area that opens the menu on right-click. */
  children: ReactNode;
  /** Wrapper element around the children (default a div; use 'span' inline). */
  as?: 'div' | 'span';
  style?: CSSProperties;
  className?: string;
}

/**
 * The context menu of spec 2.6: wraps its children and shows an antd Dropdown on right-click
 * (`trigger={['contextMenu']}`) with the given items; choosing an item calls `onSelect(key)`.
 */
export function ContextMenu({ items, onSelect, disabled, children, as: Tag = 'div', style, className }: ContextMenuProps) {
  return (
    <Dropdown trigger={['contextMenu']} disabled={disabled} menu={{ items, onClick: ({ key }) => onSelect?.(String(key)) }}>
      <Tag style={style} className={className}>
        {children}
      </Tag>
    </Dropdown>
  );
}
