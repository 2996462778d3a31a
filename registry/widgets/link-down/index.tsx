import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { LinkDownEdit, LinkDownRead } from './LinkDownEdit.js';
import { SelectEdit } from '../select/index.js';
import { asEditableCell } from '../../shared/editable.js';

/**
 * `link_down` — linked selects over one self-referencing table (spec 3 "Column types"; the
 * online form's link_down). Lists show `_dictText` when the field has a dictCode `table,txt,key`
 * (the server translates the master through extend.linkDown itself). In the editable table each
 * level is a dictionary select of its own (dictCode).
 */
export const linkDownWidget: WidgetDefinition = {
  type: 'link_down',
  title: '联动组件',
  FormWidget: connect(LinkDownEdit, mapReadPretty(LinkDownRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(SelectEdit, 'LinkDown'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
