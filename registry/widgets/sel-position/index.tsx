import { connect, mapReadPretty } from '@formily/react';
import { lazy } from 'react';
import type { RequestPort } from '../../context/RuntimeContext.js';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { asEditableCell } from '../../shared/editable.js';
import { PickerField, PickerRead, type PickerFieldConfig } from '../../shared/PickerField.js';
import type { WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { POSITION_PICKER_URL } from '../../pickers/model.js';

const LazyPositionPicker = lazy(() => import('../../pickers/record-pickers.js').then((m) => ({ default: m.PositionPickerModal })));

/** Names of stored position codes: GET /sys/position/pickerList `{codes: 'a,b'}` → `{records: [{code, name}]}`. */
export async function loadPositionLabels(request: RequestPort, codes: string[]): Promise<Record<string, string>> {
  const res = await request.get<{ records?: { code: string; name: string }[] }>(POSITION_PICKER_URL, {
    codes: codes.join(','),
    pageSize: codes.length,
  });
  if (!res.success) throw new Error(res.message);
  return Object.fromEntries((res.result?.records ?? []).map((r) => [r.code, r.name]));
}

/** Stores position codes, shows names (JSelectPosition). */
const config: PickerFieldConfig = {
  namespace: 'position',
  keyOf: (r) => String(r.code ?? ''),
  labelOf: (r) => String(r.name ?? r.code ?? ''),
  toRow: (key, label) => ({ code: key, name: label }),
  fetchLabels: loadPositionLabels,
  testId: 'sel-position',
  renderPicker: (p) => <LazyPositionPicker open {...p} />,
};

/** Edit renderer of `sel_position`. */
export function SelPositionEdit(props: WidgetProps<string>) {
  return <PickerField {...props} config={config} />;
}

/** `sel_position` — positions chosen in the position selector (width 1000; spec 2.6, 3 "Position"). */
export const selPositionWidget: WidgetDefinition = {
  type: 'sel_position',
  title: '职务选择',
  FormWidget: connect(
    SelPositionEdit,
    mapReadPretty((p: WidgetProps) => <PickerRead {...p} config={config} />),
  ),
  Cell: TextCell,
  EditableCell: asEditableCell(SelPositionEdit, 'SelPosition'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
