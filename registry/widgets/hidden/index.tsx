import { connect } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';

/** `hidden` renders nothing: the form keeps and submits its value (compile sets x-display hidden). */
function HiddenWidget() {
  return null;
}

/** `hidden` — a value carried by the form without a control (spec 3 "Column types"). */
export const hiddenWidget: WidgetDefinition = {
  type: 'hidden',
  title: '隐藏域',
  FormWidget: connect(HiddenWidget),
  Cell: TextCell,
  EditableCell: HiddenWidget,
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
