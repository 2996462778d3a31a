import { connect, mapReadPretty } from '@formily/react';
import { lazy } from 'react';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { PickerField, PickerRead, type PickerFieldConfig } from '../../shared/PickerField.js';
import type { WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { loadUserLabels } from '../sel-user/api.js';

const LazyUserPicker = lazy(() => import('../../pickers/record-pickers.js').then((m) => ({ default: m.UserPickerModal })));

/** Stores usernames, shows realnames; the multi-user picker (width 1200) chooses them. */
const config: PickerFieldConfig = {
  namespace: 'user:username',
  keyOf: (r) => String(r.username ?? ''),
  labelOf: (r) => String(r.realname || r.username || ''),
  toRow: (key, label) => ({ username: key, realname: label }),
  fetchLabels: loadUserLabels,
  testId: 'sel-multi-user',
  renderPicker: (p) => <LazyUserPicker open {...p} />,
};

/** Edit renderer of `sel_multi_user`. */
export function SelMultiUserEdit(props: WidgetProps<string>) {
  return <PickerField {...props} config={config} />;
}

/** `sel_multi_user` — users chosen in the multi-user picker (JSelectMultiUser; spec 2.6, 9). */
export const selMultiUserWidget: WidgetDefinition = {
  type: 'sel_multi_user',
  title: '多用户选择',
  FormWidget: connect(
    SelMultiUserEdit,
    mapReadPretty((p: WidgetProps) => <PickerRead {...p} config={config} />),
  ),
  Cell: TextCell,
  EditableCell: asEditableCell(SelMultiUserEdit, 'SelMultiUser'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
