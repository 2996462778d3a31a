import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { DateLikeEdit, DateLikeRead } from '../date/picker.js';

/** Edit renderer of `time`: value 'HH:mm:ss'. */
export function TimeEdit(props: WidgetProps<string>) {
  return <DateLikeEdit {...props} kind="time" />;
}

/** `time` — antd TimePicker (spec 9 time format). */
export const timeWidget: WidgetDefinition = {
  type: 'time',
  title: '时间',
  FormWidget: connect(TimeEdit, mapReadPretty(DateLikeRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(TimeEdit, 'Time'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
