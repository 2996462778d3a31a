import { connect, mapReadPretty } from '@formily/react';
import { Switch } from 'antd';
import { useEffect } from 'react';
import type { ScreenField } from '../../../src/shared/generated/screen-schema.js';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import { ReadText } from '../../shared/cells.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { FieldExtendLike, WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../value-schema.js';

/** Spec 9: switch default options Y (on) and N (off). */
export const SWITCH_DEFAULT_OPTIONS = ['Y', 'N'] as const;

/** The [on, off] values of a switch (extend.options, default ['Y', 'N']). */
export function switchOptions(extend: FieldExtendLike | undefined): [string, string] {
  const o = extend?.options;
  return o && o.length >= 2 ? [String(o[0]), String(o[1])] : [SWITCH_DEFAULT_OPTIONS[0], SWITCH_DEFAULT_OPTIONS[1]];
}

/** 是 when the value is the on option, else 否 (spec 9). */
export function switchText(value: unknown, field: Pick<ScreenField, 'extend'> | undefined): string {
  return String(value) === switchOptions(field?.extend)[0] ? WIDGET_TEXT.yes : WIDGET_TEXT.no;
}

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
