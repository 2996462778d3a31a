import { connect, mapReadPretty } from '@formily/react';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import { ReadText } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import type { WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { SingleCheckbox, onOffText } from '../checkbox/CheckboxEdit.js';

/** Read-pretty of `checkbox_meta`: 是/否. */
function CheckboxMetaRead({ value, extend }: WidgetProps) {
  return <ReadText>{onOffText(value, extend)}</ReadText>;
}

/** List cell of `checkbox_meta`: 是/否. */
export function CheckboxMetaCell({ value, field }: CellProps) {
  return <>{onOffText(value, field.extend)}</>;
}

/** `checkbox_meta` — one plain checkbox storing extend.options [on, off] (default Y/N). */
export const checkboxMetaWidget: WidgetDefinition = {
  type: 'checkbox_meta',
  title: '勾选框',
  FormWidget: connect(SingleCheckbox, mapReadPretty(CheckboxMetaRead)),
  Cell: CheckboxMetaCell,
  EditableCell: asEditableCell(SingleCheckbox, 'CheckboxMeta'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
