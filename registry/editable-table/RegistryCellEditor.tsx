/**
 * The grid's cell editor: the widget registry's editable cell of the column's type
 * (`editableCellOf`, registry.ts), inside handsontable's component editor. Every change is
 * validated at once (spec 5.4 "on input") through `onInput`. The edit commits on Enter, when a
 * single-value chooser emits (select, date, pickers, upload: editor-focus.ts), when focus leaves
 * the editor and its overlays, or on a click outside — a focused widget that emits on blur (number
 * cells) is blurred first, so its value is the one saved. Its layer is lifted above the dialog or
 * drawer holding the grid (editor-layer.ts).
 */
import { FormProvider } from '@formily/react';
import { EditorComponent } from '@handsontable/react-wrapper';
import { ConfigProvider } from 'antd';
import { createElement, useEffect, useMemo, useRef, type RefObject } from 'react';
import { editableCellOf, type WidgetRegistry } from '../registry.js';
import { WIDGET_TEXT } from '../shared/locale.js';
import type { EditableColumn } from './columns.js';
import { fieldOfColumn } from './display.js';
import { commitsOnChange, EDITOR_CLASS, isEditorPart } from './editor-focus.js';
import { editorZIndex } from './editor-layer.js';
import type { EditableTableModel } from './model.js';
import { rowFormOf } from './row-form.js';

/** What the editor needs from the grid. */
export interface CellEditorContext {
  model: EditableTableModel;
  registry: WidgetRegistry;
  /** The model column of a grid column index (undefined for the selection column). */
  columnAt: (col: number) => EditableColumn | undefined;
  /** The row id of a grid row index. */
  rowIdAt: (row: number) => string | undefined;
  onInput: (rowId: string, key: string, value: unknown) => void;
  /** The grid's root element (the editor is lifted above the dialog or drawer holding it). */
  rootElement?: () => HTMLElement | undefined;
  /** Called after an edit the editor ended (the grid listens to the keyboard again). */
  onCommitted?: () => void;
  /** Optional replacement cell of a column (static or linked options, editable-table/OptionsCell.tsx). */
  cellFor?: (col: EditableColumn, rowId: string) => ReturnType<typeof editableCellOf> | undefined;
}

/** Builds the editor component bound to a grid (create once per grid: its identity must not change). */
export function makeRegistryCellEditor(ctx: CellEditorContext) {
  function EditorBody({
    value,
    setValue,
    finishEditing,
    isOpen,
    row,
    col,
    mainElementRef,
  }: {
    value: unknown;
    setValue: (v: unknown) => void;
    finishEditing: () => void;
    isOpen: boolean;
    row?: number;
    col?: number;
    /** handsontable's editor wrapper (rendered into document.body at z-index 100). */
    mainElementRef?: RefObject<HTMLDivElement | null>;
  }) {
    const column = col === undefined ? undefined : ctx.columnAt(col);
    const rowId = row === undefined ? undefined : ctx.rowIdAt(row);
    const Cell = useMemo(() => {
      if (!column || !rowId) return undefined;
      const own = ctx.cellFor?.(column, rowId);
      if (own) return own;
      const def = ctx.registry.get(column.type);
      return def ? editableCellOf(def) : undefined;
    }, [column, rowId]);
    const field = useMemo(() => (column ? fieldOfColumn(column) : undefined), [column]);
    // the row as a form: a popup writes its other destination columns through it
    const form = useMemo(() => (rowId ? rowFormOf(ctx.model, rowId) : undefined), [rowId]);
    const boxRef = useRef<HTMLDivElement>(null);
    const openRef = useRef(isOpen);
    openRef.current = isOpen;
    // above the dialog or drawer holding the grid (the wrapper sits in document.body)
    useEffect(() => {
      const wrapper = mainElementRef?.current;
      if (isOpen && wrapper) wrapper.style.zIndex = String(editorZIndex(ctx.rootElement?.()));
    }, [isOpen, mainElementRef]);
    // commit after React applied the last setValue (a widget may emit on blur, just before)
    const commit = () =>
      setTimeout(() => {
        if (!openRef.current) return;
        finishEditing();
        ctx.onCommitted?.();
      }, 0);
    // a click outside the editor and its overlays: blur the focused widget inside first, so a
    // value emitted on blur reaches the editor before handsontable saves (capture phase)
    useEffect(() => {
      if (!isOpen) return;
      const onDown = (e: MouseEvent) => {
        if (isEditorPart(e.target)) return;
        const active = document.activeElement as HTMLElement | null;
        if (active && boxRef.current?.contains(active)) active.blur();
      };
      document.addEventListener('mousedown', onDown, true);
      return () => document.removeEventListener('mousedown', onDown, true);
    }, [isOpen]);
    if (!column || !rowId || !Cell || !field || !form) return null;
    const record = ctx.model.row(rowId) ?? { id: rowId };
    const onChange = (v: unknown) => {
      setValue(v);
      ctx.onInput(rowId, column.key, v);
      if (commitsOnChange(column, field.extend as Record<string, unknown> | undefined)) commit();
    };
    // focus left the editor for good (not to its drop-down or dialog): commit
    const onBlur = () =>
      setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && (boxRef.current?.contains(active) || isEditorPart(active))) return;
        if (openRef.current) finishEditing(); // focus went elsewhere: the grid does not take the keyboard back
      }, 0);
    return createElement(
      'div',
      {
        ref: boxRef,
        className: EDITOR_CLASS,
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
        createElement(
          FormProvider,
          { form },
          createElement(Cell, {
            value,
            onChange,
            onBlur,
            field,
            record,
            column: column.key,
            disabled: ctx.model.isCellDisabled(record, column.key),
            placeholder: column.placeholder ?? (column.type === 'input' ? undefined : WIDGET_TEXT.select),
          }),
        ),
      ),
    );
  }
  return function RegistryCellEditor() {
    return (
      <EditorComponent<unknown>>
        {(p) => (
          <EditorBody
            value={p.value}
            setValue={p.setValue}
            finishEditing={p.finishEditing}
            isOpen={p.isOpen}
            row={p.row}
            col={p.col}
            mainElementRef={p.mainElementRef}
          />
        )}
      </EditorComponent>
    );
  };
}
