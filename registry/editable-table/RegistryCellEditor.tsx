/**
 * The grid's cell editor: the widget registry's editable cell of the column's type
 * (`editableCellOf`, registry.ts), inside handsontable's component editor. Every change is
 * validated at once (spec 5.4 "on input") through `onInput`; Enter or leaving the cell commits.
 */
import { EditorComponent } from '@handsontable/react-wrapper';
import { ConfigProvider } from 'antd';
import { createElement, useMemo, useRef } from 'react';
import { editableCellOf, type WidgetRegistry } from '../registry.js';
import { WIDGET_TEXT } from '../shared/locale.js';
import type { EditableColumn } from './columns.js';
import { fieldOfColumn } from './display.js';
import type { EditableTableModel } from './model.js';

/** What the editor needs from the grid. */
export interface CellEditorContext {
  model: EditableTableModel;
  registry: WidgetRegistry;
  /** The model column of a grid column index (undefined for the selection column). */
  columnAt: (col: number) => EditableColumn | undefined;
  /** The row id of a grid row index. */
  rowIdAt: (row: number) => string | undefined;
  onInput: (rowId: string, key: string, value: unknown) => void;
}

/** Builds the editor component bound to a grid (create once per grid: its identity must not change). */
export function makeRegistryCellEditor(ctx: CellEditorContext) {
  function EditorBody({
    value,
    setValue,
    finishEditing,
    row,
    col,
  }: {
    value: unknown;
    setValue: (v: unknown) => void;
    finishEditing: () => void;
    row?: number;
    col?: number;
  }) {
    const column = col === undefined ? undefined : ctx.columnAt(col);
    const rowId = row === undefined ? undefined : ctx.rowIdAt(row);
    const Cell = useMemo(() => {
      const def = column && ctx.registry.get(column.type);
      return def ? editableCellOf(def) : undefined;
    }, [column]);
    // commit after React applied the last setValue (a widget may emit on blur, just before)
    const commit = () => setTimeout(finishEditing, 0);
    const boxRef = useRef<HTMLDivElement>(null);
    if (!column || !rowId || !Cell) return null;
    const record = ctx.model.row(rowId) ?? { id: rowId };
    return createElement(
      'div',
      {
        ref: boxRef,
        className: 'editable-table-editor',
        'data-column': column.key,
        style: { minWidth: 160 },
        // a click inside the editor (a select, its drop-down) is not a click outside the grid
        onMouseDown: (e: { stopPropagation: () => void }) => e.stopPropagation(),
        onKeyDown: (e: { key: string; stopPropagation: () => void }) => {
          if (e.key === 'Enter' && !(e as { shiftKey?: boolean }).shiftKey) {
            e.stopPropagation();
            // blur first: number cells emit on blur (spec 5.4), then commit
            (document.activeElement as HTMLElement | null)?.blur();
            commit();
          }
        },
      },
      // drop-downs and pickers open inside the editor, so the grid does not take a click on them
      // for a click outside (which would close the editor before the value arrives)
      createElement(
        ConfigProvider,
        { getPopupContainer: () => boxRef.current ?? document.body },
        createElement(Cell, {
          value,
          onChange: (v: unknown) => {
            setValue(v);
            ctx.onInput(rowId, column.key, v);
          },
          onBlur: commit,
          field: fieldOfColumn(column),
          record,
          column: column.key,
          disabled: ctx.model.isCellDisabled(record, column.key),
          placeholder: column.placeholder ?? (column.type === 'input' ? undefined : WIDGET_TEXT.select),
        }),
      ),
    );
  }
  return function RegistryCellEditor() {
    return (
      <EditorComponent<unknown>>
        {(p) => <EditorBody value={p.value} setValue={p.setValue} finishEditing={p.finishEditing} row={p.row} col={p.col} />}
      </EditorComponent>
    );
  };
}
