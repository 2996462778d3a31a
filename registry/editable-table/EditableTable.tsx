/**
 * The editable table's public entry: a lazy wrapper around the handsontable
 * grid (EditableGrid.tsx), so a page that never shows an editable table — the login page, a
 * plain list — never downloads handsontable. Use `useEditableTableModel` for the model, render
 * `<EditableTable model={…} />`, and collect with `model.getValues()` (rejects on any failure).
 */
import { Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { EditableColumn } from './columns.js';
import type { EditableGridProps } from './EditableGrid.js';
import { EditableTableModel, type EditableTableOptions } from './model.js';

const EditableGrid = lazy(() => import('./EditableGrid.js'));

/** The editable table (props of EditableGrid); shows a spinner while handsontable loads. */
export function EditableTable(props: EditableGridProps) {
  return (
    <Suspense fallback={<Spin />}>
      <EditableGrid {...props} />
    </Suspense>
  );
}

/** A model created once per component (options read on first render only). */
export function useEditableTableModel(opts: EditableTableOptions): EditableTableModel {
  const [model] = useState(() => new EditableTableModel(opts));
  return model;
}

export type { EditableColumn, EditableGridProps };
