import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { DateLikeEdit, DateLikeRead } from './picker.js';

/** Edit renderer of `date`: value 'YYYY-MM-DD' (extend.picker 'month' → 'YYYY-MM'). */
export function DateEdit(props: WidgetProps<string>) {
  return <DateLikeEdit {...props} kind="date" />;
}

/** `date` — antd DatePicker storing a date string (spec 9 date format). */
export const dateWidget: WidgetDefinition = {
  type: 'date',
  title: '日期',
  FormWidget: connect(DateEdit, mapReadPretty(DateLikeRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(DateEdit, 'Date'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'Date',
};
