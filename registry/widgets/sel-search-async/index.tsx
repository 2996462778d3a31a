import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { SelSearchAsyncEdit, SelSearchRead } from './SelSearchAsyncEdit.js';

/** `sel_search_async` — table-dictionary select searched on the server as the user types (spec 3, 9). */
export const selSearchAsyncWidget: WidgetDefinition = {
  type: 'sel_search_async',
  title: '异步下拉搜索框',
  FormWidget: connect(SelSearchAsyncEdit, mapReadPretty(SelSearchRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(SelSearchAsyncEdit, 'SelSearchAsync'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
