/**
 * The handsontable modules the editable table uses, registered on handsontable's modular base
 * (`handsontable/base`) instead of `registerAllModules()`: every registered plugin is built and
 * hooked into each grid as it is created, so the unused ones cost time at every opening of a
 * form with a sub table, and their code bytes in the lazily loaded chunk. Registered:
 *  - the checkbox cell type (the selection column); text cells, the text renderer and the
 *    registry's own cell editor need no registration;
 *  - the plugins the grid turns on: ColumnSorting (`sorter` columns), ManualRowMove and
 *    ContextMenu (drag sort; it needs AutoColumnSize registered, which stays off:
 *    `autoColumnSize={false}`), and those handsontable enables by default, kept so the grid
 *    behaves as before: Autofill (fill handle), CopyPaste, UndoRedo, DragToScroll, TouchScroll
 *    and MultipleSelectionHandles (touch / mobile browsers); ExportFile, always on, is only an
 *    API (`getPlugin('exportFile')`) the table never calls, and is left out;
 *  - the zh-CN dictionary (`language="zh-CN"`).
 * Idempotent: registering twice keeps one of each. Call {@link registerEditableTableModules}
 * before the first grid is created.
 */
import { registerCellType } from 'handsontable/cellTypes/registry';
import { CheckboxCellType } from 'handsontable/cellTypes/checkboxType';
import { registerLanguageDictionary } from 'handsontable/i18n/registry';
import zhCN from 'handsontable/i18n/languages/zh-CN';
import { registerPlugin } from 'handsontable/plugins/registry';
import { AutoColumnSize } from 'handsontable/plugins/autoColumnSize';
import { Autofill } from 'handsontable/plugins/autofill';
import { ColumnSorting } from 'handsontable/plugins/columnSorting';
import { ContextMenu } from 'handsontable/plugins/contextMenu';
import { CopyPaste } from 'handsontable/plugins/copyPaste';
import { DragToScroll } from 'handsontable/plugins/dragToScroll';
import { ManualRowMove } from 'handsontable/plugins/manualRowMove';
import { MultipleSelectionHandles } from 'handsontable/plugins/multipleSelectionHandles';
import { TouchScroll } from 'handsontable/plugins/touchScroll';
import { UndoRedo } from 'handsontable/plugins/undoRedo';

/** The plugins registered for the editable table, in handsontable's own registration order. */
export const EDITABLE_TABLE_PLUGINS = [
  AutoColumnSize,
  Autofill,
  ColumnSorting,
  ContextMenu,
  CopyPaste,
  DragToScroll,
  ManualRowMove,
  MultipleSelectionHandles,
  TouchScroll,
  UndoRedo,
] as const;

let registered = false;

/** Registers the cell type, plugins and dictionary listed in the file comment (once). */
export function registerEditableTableModules(): void {
  if (registered) return;
  registered = true;
  registerCellType(CheckboxCellType);
  for (const plugin of EDITABLE_TABLE_PLUGINS) registerPlugin(plugin);
  registerLanguageDictionary(zhCN);
}
