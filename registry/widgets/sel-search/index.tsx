import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { dbValueSchema } from '../../value-schema.js';
import { SelSearchEdit, SelSearchRead } from './SelSearchEdit.js';

/** `sel_search` — searchable table-dictionary select (spec 3 "Column types": sel_search). */
export const selSearchWidget: WidgetDefinition = {
  type: 'sel_search',
  title: '下拉搜索框',
  FormWidget: connect(SelSearchEdit, mapReadPretty(SelSearchRead)),
  Cell: TextCell,
  valueSchema: dbValueSchema,
  defaultDbType: 'string',
};
