import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import type { WidgetDefinition } from '../../registry.js';
import { ReadText } from '../../shared/cells.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';

/** Edit renderer of `password`: antd Input.Password. */
export function PasswordEdit(props: WidgetProps<string>) {
  const { value, onChange, ...rest } = stripMeta(props);
  return (
    <Input.Password
      autoComplete="new-password"
      {...rest}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** A password is never shown: '******' when set. */
function Masked({ value }: { value?: unknown }) {
  return <>{value === undefined || value === null || value === '' ? '' : WIDGET_TEXT.password}</>;
}

/** `password` — masked text input; read view and list cell show ******. */
export const passwordWidget: WidgetDefinition = {
  type: 'password',
  title: '密码',
  FormWidget: connect(
    PasswordEdit,
    mapReadPretty(({ value }: WidgetProps) => (
      <ReadText>
        <Masked value={value} />
      </ReadText>
    )),
  ),
  Cell: Masked,
  EditableCell: asEditableCell(PasswordEdit, 'Password'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
