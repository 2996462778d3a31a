import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { SelDepartEdit, SelDepartRead } from './SelDepartEdit.js';

/** `sel_depart` — department tree picker (spec 3 "Department", spec 9 picker defaults). */
export const selDepartWidget: WidgetDefinition = {
  type: 'sel_depart',
  title: '部门选择',
  FormWidget: connect(SelDepartEdit, mapReadPretty(SelDepartRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(SelDepartEdit, 'SelDepart'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
