import { connect, mapReadPretty } from '@formily/react';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { CheckboxEdit, CheckboxRead, onOffText } from './CheckboxEdit.js';

export { CheckboxEdit, CheckboxRead, SingleCheckbox, onOffText } from './CheckboxEdit.js';

/** List cell of `checkbox`: the dictionary texts (`_dictText`), or 是/否 for a single checkbox. */
export function CheckboxCell(props: CellProps) {
  if (props.field.dictCode) return <TextCell {...props} />;
  return <>{onOffText(props.value, props.field.extend)}</>;
}

/** `checkbox` — dictionary checkboxes, or one checkbox with [on, off] values (spec 3 "Column types"). */
export const checkboxWidget: WidgetDefinition = {
  type: 'checkbox',
  title: '多选框',
  FormWidget: connect(CheckboxEdit, mapReadPretty(CheckboxRead)),
  Cell: CheckboxCell,
  EditableCell: asEditableCell(CheckboxEdit, 'Checkbox'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
