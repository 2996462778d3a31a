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

type RoleRow = { id: string; roleCode: string; roleName: string };

/** Names of stored role ids: GET /sys/role/pickerList `{ids: 'a,b'}` → `{records: [{id, roleName}]}`. */
export async function loadRoleLabels(request: RequestPort, ids: string[]): Promise<Record<string, string>> {
  const res = await request.get<{ records?: RoleRow[] }>(ROLE_PICKER_URL, {
    ids: ids.join(','),
    pageSize: ids.length,
  });
  if (!res.success) throw new Error(res.message);
  return Object.fromEntries((res.result?.records ?? []).map((r) => [r.id, r.roleName]));
}

/** Names of stored role codes: GET /sys/role/pickerList `{roleCodes: 'a,b'}` → `{records: [{roleCode, roleName}]}`. */
export async function loadRoleCodeLabels(request: RequestPort, codes: string[]): Promise<Record<string, string>> {
  const res = await request.get<{ records?: RoleRow[] }>(ROLE_PICKER_URL, {
    roleCodes: codes.join(','),
    pageSize: codes.length,
  });
  if (!res.success) throw new Error(res.message);
  return Object.fromEntries((res.result?.records ?? []).map((r) => [r.roleCode, r.roleName]));
}

/** Stores role ids, shows role names. */
const byId: PickerFieldConfig = {
  namespace: 'role',
  keyOf: (r) => String(r.id ?? ''),
  labelOf: (r) => String(r.roleName ?? r.roleCode ?? r.id ?? ''),
  toRow: (key, label) => ({ id: key, roleName: label }),
  fetchLabels: loadRoleLabels,
  testId: 'sel-role',
  renderPicker: (p) => <LazyRolePicker open {...p} />,
};

/** Stores role codes (extend.store 'roleCode', e.g. a workflow's candidate groups), shows role names. */
const byCode: PickerFieldConfig = {
  namespace: 'role:roleCode',
  keyOf: (r) => String(r.roleCode ?? ''),
  labelOf: (r) => String(r.roleName ?? r.roleCode ?? ''),
  toRow: (key, label) => ({ roleCode: key, roleName: label }),
  fetchLabels: loadRoleCodeLabels,
  testId: 'sel-role',
  renderPicker: (p) => <LazyRolePicker open rowKey="roleCode" {...p} />,
};

const configOf = (extend: WidgetProps['extend']) => (extend?.store === 'roleCode' ? byCode : byId);

/**
 * Edit renderer of `sel_role`: the role picker's choices as tags; stores role ids, or role codes
 * with extend.store 'roleCode' (comma-joined; one with extend.multi false).
 */
export function SelRoleEdit(props: WidgetProps<string>) {
  return <PickerField {...props} config={configOf(props.extend)} />;
}

/** `sel_role` — roles chosen in the role picker (spec 2.6, 6 "Role picker lists roles from the role list"). */
export const selRoleWidget: WidgetDefinition = {
  type: 'sel_role',
  title: '角色选择',
  FormWidget: connect(
    SelRoleEdit,
    mapReadPretty((p: WidgetProps) => <PickerRead {...p} config={configOf(p.extend)} />),
  ),
  Cell: TextCell,
  EditableCell: asEditableCell(SelRoleEdit, 'SelRole'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
