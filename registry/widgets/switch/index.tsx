import { connect, mapReadPretty } from '@formily/react';
import { Switch } from 'antd';
import { useEffect } from 'react';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import { ReadText } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { switchOptions, switchText } from './switch-options.js';

export { SWITCH_DEFAULT_OPTIONS, switchOptions, switchText } from './switch-options.js';

/** Edit renderer of `switch`: with no value it emits the off option (spec 4.6). */
export function SwitchEdit({ value, onChange, extend, disabled, readOnly }: WidgetProps<string>) {
  const [on, off] = switchOptions(extend);
  const empty = value === undefined || value === null || value === '';
  useEffect(() => {
    if (empty) onChange?.(off);
    // onChange is a new function each render; emitting once per empty value is enough
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty, off]);
  return <Switch checked={String(value) === on} disabled={disabled || readOnly} onChange={(checked) => onChange?.(checked ? on : off)} />;
}

/** List cell of `switch`: 是/否. */
export function SwitchCell({ value, field }: CellProps) {
  return <>{switchText(value, field)}</>;
}

/** `switch` — two-state switch storing extend.options (default Y/N). */
export const switchWidget: WidgetDefinition = {
  type: 'switch',
  title: '开关',
  FormWidget: connect(
    SwitchEdit,
    mapReadPretty(({ value, screenField }: WidgetProps) => <ReadText>{switchText(value, screenField)}</ReadText>),
  ),
  Cell: SwitchCell,
  EditableCell: asEditableCell(SwitchEdit, 'Switch'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
