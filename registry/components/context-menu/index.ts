export { ContextMenu, type ContextMenuProps } from './ContextMenu.js';
