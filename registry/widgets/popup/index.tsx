import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { PopupEdit, PopupRead } from './PopupEdit.js';

/** `popup` — fields filled from a row of an online report (JPopup; spec 2.6, 5.6, 7.3). */
export const popupWidget: WidgetDefinition = {
  type: 'popup',
  title: 'Popup弹框',
  FormWidget: connect(PopupEdit, mapReadPretty(PopupRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(PopupEdit, 'Popup'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
