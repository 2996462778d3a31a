/**
 * How the grid's cell editor decides that an edit is over. The registry widgets
 * open drop-downs, date panels and picker dialogs; handsontable must not take a click on them
 * for a click outside the grid, and a widget that emits its value on blur (number cells) must
 * emit before handsontable saves. Headless DOM helpers, no React.
 */
import type { EditableColumn } from './columns.js';

/** The class of the editor's box (RegistryCellEditor.tsx). */
export const EDITOR_CLASS = 'editable-table-editor';

/**
 * Overlays a cell editor may open outside its box (antd renders some popups into document.body:
 * messages, confirm dialogs, tooltips).
 */
const OVERLAY_SELECTOR = [
  `.${EDITOR_CLASS}`,
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
  '.ant-cascader-dropdown',
  '.ant-dropdown',
  '.ant-popover',
  '.ant-tooltip',
  '.ant-modal-root',
  '.ant-modal-wrap',
  '.ant-message',
  '.ant-notification',
].join(',');

/** True when a DOM node belongs to an open cell editor or one of its overlays. */
export function isEditorPart(target: EventTarget | null | undefined): boolean {
  const el = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  return !!el?.closest(OVERLAY_SELECTOR);
}

/**
 * handsontable's `outsideClickDeselects`: a click on an editor or its overlay keeps the
 * selection (and the open editor); any other click outside the grid deselects as usual.
 */
export function outsideClickDeselects(target: HTMLElement): boolean {
  return !isEditorPart(target);
}

/** Types whose value is complete once chosen: the edit commits at once (spec 3 column types). */
const COMMIT_ON_CHANGE = new Set([
  'select',
  'radio',
  'sel_search',
  'sel_search_async',
  'date',
  'datetime',
  'time',
  'sel_user',
  'sel_depart',
  'sel_tree',
  'cat_tree',
  'popup',
  'link_down',
  'upload',
  'file',
  'image',
]);

/**
 * True when an emitted value ends the edit: single-value choosers (select, date, pickers, upload
 * when every file is done). Multi-value columns (list_multi, checkbox, `multi` / `multiSelect`
 * in fieldExtendJson or props) stay open until Enter or a click outside.
 */
export function commitsOnChange(col: EditableColumn, extend: Record<string, unknown> | undefined): boolean {
  if (!COMMIT_ON_CHANGE.has(col.type)) return false;
  if (col.type === 'upload' || col.type === 'file' || col.type === 'image') return true;
  return !(extend?.multi || extend?.multiSelect || col.props?.multi || col.props?.mode === 'multiple');
}
