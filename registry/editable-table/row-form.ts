/**
 * A Formily form standing for one table row while its cell is edited (spec 3
 * "Editable table column": popupCode / orgFields / destFields). Widgets that fill other fields of
 * their record through the form (the popup report picker writes each destination field with
 * `form.setValuesIn`) write the row's other columns this way: a write to a column key of the
 * table goes to the model (validated as a change); other paths stay in the form.
 */
import { createForm, type Form } from '@formily/core';
import type { EditableTableModel } from './model.js';

/** The form of row `rowId` (values: a copy of the row). */
export function rowFormOf(model: EditableTableModel, rowId: string): Form {
  const form = createForm({ values: { ...(model.row(rowId) ?? {}) } });
  const set = form.setValuesIn.bind(form);
  form.setValuesIn = (path, value) => {
    set(path, value);
    const key = String(path);
    if (model.columns.some((c) => c.key === key)) model.setCell(rowId, key, value, 'change');
  };
  return form;
}
