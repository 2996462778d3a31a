import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { CatTreeEdit, CatTreeRead } from './CatTreeEdit.js';

/** `cat_tree` — category tree select (JCategorySelect; spec 3 "Column types", 5.6). */
export const catTreeWidget: WidgetDefinition = {
  type: 'cat_tree',
  title: '分类字典树',
  FormWidget: connect(CatTreeEdit, mapReadPretty(CatTreeRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(CatTreeEdit, 'CatTree'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
