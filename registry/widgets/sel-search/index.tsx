import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { SelSearchCell, SelSearchEdit, SelSearchRead } from './SelSearchEdit.js';

/** `sel_search` — searchable dictionary select, every item loaded once (spec 3 "Column types": sel_search). */
export const selSearchWidget: WidgetDefinition = {
  type: 'sel_search',
  title: '下拉搜索框',
  FormWidget: connect(SelSearchEdit, mapReadPretty(SelSearchRead)),
  Cell: TextCell,
  EditableCell: SelSearchCell,
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
