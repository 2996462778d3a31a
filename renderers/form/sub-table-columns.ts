/**
 * A sub screen's fields as editable-table columns (spec 5.4 form-plus-tables):
 * the master-detail form edits a oneToMany sub table in the registry's editable table, with the
 * same rules the server checks for each sub row (record-service prepareNew).
 */
import type { EditableColumn, EditableRule } from '../../registry/editable-table/columns.js';
import { resolveDefaultValue, type DefaultValueContext } from '../../src/shared/default-value.js';
import { toColumn } from '../../src/shared/columns.js';
import type { ScreenField, ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { checkNonEmpty, fieldValidation } from '../../src/shared/field-validation.js';
import { computePlan, storedValue } from '../../src/shared/compute-plan.js';
import { evaluate, rowScope, type ExprValue } from '../../src/shared/expr.js';
import { formatDate } from '../../src/shared/time.js';

/**
 * The rules of one sub field from the shared field-validation pipeline (src/shared/
 * field-validation.ts), in its order: required (or the code `*`), unique (`unique` or the code
 * `only`: no repeat across the rows), then the pipeline's checks of a non-empty value.
 */
function rulesOf(field: ScreenField): EditableRule[] {
  const validation = fieldValidation(field);
  const rules: EditableRule[] = [];
  if (validation.emptyMessage) rules.push({ required: true, message: validation.emptyMessage });
  if (validation.unique) rules.push({ unique: true, message: `${field.title}不能重复` });
  rules.push({ check: (value) => checkNonEmpty(validation, value) });
  return rules;
}

/**
 * The editable columns of a sub screen (keys = DB columns, as the form and the server use):
 * every field shown in forms except the foreign key (`foreignKey`, the field name of
 * SubTable.foreignKey) — type = its widget, title, dictCode, extend as fieldExtendJson,
 * readOnly as disabled, the resolved default value (`context` as the form compiler takes it),
 * {@link rulesOf}'s rules, row formulas as live `compute` and a sum row under money columns.
 * Hidden widgets stay (not shown) so their values travel with the row.
 */
export function subTableColumns(sub: ScreenSchema, foreignKey: string, context: DefaultValueContext): EditableColumn[] {
  const rowOnly = new Map(computePlan(sub).rowOnly.map((p) => [p.field, p]));
  return sub.fields
    .filter((f) => f.showForm !== false && f.name !== foreignKey)
    .map((field) => {
      const col: EditableColumn = { key: toColumn(field.name), title: field.title, type: field.widget, validateRules: rulesOf(field) };
      if (field.dictCode) col.dictCode = field.dictCode;
      if (field.extend) col.fieldExtendJson = field.extend as Record<string, unknown>;
      if (field.readOnly) col.disabled = true;
      // a row formula is shown live, as the server stores it; money columns are summed below the grid
      const planned = rowOnly.get(field);
      if (planned) col.compute = (row) => storedValue(field, evaluate(planned.expr, rowScope(row, {}, formatDate())) as ExprValue);
      if (field.validType === 'money') col.statistics = 'sum';
      const value = resolveDefaultValue(field.defaultValue, context);
      if (value !== undefined) col.defaultValue = value;
      return col;
    });
}
