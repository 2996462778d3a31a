import { connect, mapReadPretty } from '@formily/react';
import { lazy } from 'react';
import type { RequestPort } from '../../context/RuntimeContext.js';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { PickerField, PickerRead, type PickerFieldConfig } from '../../shared/PickerField.js';
import type { WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { ROLE_PICKER_URL } from '../../pickers/model.js';

const LazyRolePicker = lazy(() => import('../../pickers/record-pickers.js').then((m) => ({ default: m.RolePickerModal })));

/** Names of stored role ids: GET /sys/role/pickerList `{ids: 'a,b'}` → `{records: [{id, roleName}]}`. */
export async function loadRoleLabels(request: RequestPort, ids: string[]): Promise<Record<string, string>> {
  const res = await request.get<{ records?: { id: string; roleName: string }[] }>(ROLE_PICKER_URL, {
    ids: ids.join(','),
    pageSize: ids.length,
  });
  if (!res.success) throw new Error(res.message);
  return Object.fromEntries((res.result?.records ?? []).map((r) => [r.id, r.roleName]));
}

/** Stores role ids, shows role names. */
const config: PickerFieldConfig = {
  namespace: 'role',
  keyOf: (r) => String(r.id ?? ''),
  labelOf: (r) => String(r.roleName ?? r.roleCode ?? r.id ?? ''),
  toRow: (key, label) => ({ id: key, roleName: label }),
  fetchLabels: loadRoleLabels,
  testId: 'sel-role',
  renderPicker: (p) => <LazyRolePicker open {...p} />,
};

/** Edit renderer of `sel_role`. */
export function SelRoleEdit(props: WidgetProps<string>) {
  return <PickerField {...props} config={config} />;
}

/** `sel_role` — roles chosen in the role picker (spec 2.6, 6 "Role picker lists roles from the role list"). */
export const selRoleWidget: WidgetDefinition = {
  type: 'sel_role',
  title: '角色选择',
  FormWidget: connect(
    SelRoleEdit,
    mapReadPretty((p: WidgetProps) => <PickerRead {...p} config={config} />),
  ),
  Cell: TextCell,
  EditableCell: asEditableCell(SelRoleEdit, 'SelRole'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
