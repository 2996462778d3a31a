import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { SelUserEdit, SelUserRead } from './SelUserEdit.js';

/** `sel_user` — user picker storing usernames, showing realnames (spec 3 "User picker row"). */
export const selUserWidget: WidgetDefinition = {
  type: 'sel_user',
  title: '用户选择',
  FormWidget: connect(SelUserEdit, mapReadPretty(SelUserRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(SelUserEdit, 'SelUser'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
