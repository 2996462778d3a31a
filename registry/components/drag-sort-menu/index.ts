export { DRAG_SORT_TEXT, dragSortAction, dragSortMenuItems, type DragSortAction, type DragSortItem, type DragSortKey } from './model.js';
