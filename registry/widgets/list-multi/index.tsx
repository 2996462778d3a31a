import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import type { WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { DictRead, SelectEdit } from '../select/index.js';

/**
 * Edit renderer of `list_multi`: the dictionary select in multiple mode — one tag shown
 * (maxTagCount 1), values stored joined by ',' (spec 9), null when none is chosen.
 */
export function ListMultiEdit(props: WidgetProps<string>) {
  return <SelectEdit {...props} extend={{ ...props.extend, multi: true }} />;
}

/** `list_multi` — dictionary multi-select (spec 3 "Column types": list_multi). */
export const listMultiWidget: WidgetDefinition = {
  type: 'list_multi',
  title: '下拉多选框',
  FormWidget: connect(ListMultiEdit, mapReadPretty(DictRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(ListMultiEdit, 'ListMulti'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
