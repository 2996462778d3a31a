import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { DateLikeEdit, DateLikeRead } from '../date/picker.js';

/** Edit renderer of `datetime`: value 'YYYY-MM-DD HH:mm:ss'. */
export function DatetimeEdit(props: WidgetProps<string>) {
  return <DateLikeEdit {...props} kind="datetime" />;
}

/** `datetime` — antd DatePicker with time (spec 9 datetime format). */
export const datetimeWidget: WidgetDefinition = {
  type: 'datetime',
  title: '日期时间',
  FormWidget: connect(DatetimeEdit, mapReadPretty(DateLikeRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(DatetimeEdit, 'Datetime'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'Datetime',
};
