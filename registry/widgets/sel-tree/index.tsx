import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { SelTreeEdit, SelTreeRead } from './SelTreeEdit.js';

/** `sel_tree` — tree dictionary select (JTreeSelect; spec 3 "Column types", 5.6). */
export const selTreeWidget: WidgetDefinition = {
  type: 'sel_tree',
  title: '树选择',
  FormWidget: connect(SelTreeEdit, mapReadPretty(SelTreeRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(SelTreeEdit, 'SelTree'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
