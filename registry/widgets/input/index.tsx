import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import type { WidgetDefinition } from '../../registry.js';
import { ReadText, TextCell, displayText } from '../../shared/cells.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';

/** Edit renderer of `input`: antd Input; emits the text ('' when cleared). */
export function InputEdit(props: WidgetProps<string>) {
  const { value, onChange, ...rest } = stripMeta(props);
  return (
    <Input
      allowClear
      {...rest}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** Read-pretty renderer of text widgets. */
export function TextRead({ value }: WidgetProps) {
  return <ReadText>{displayText(value)}</ReadText>;
}

/** `input` — single-line text (spec 3 "Column types": input). */
export const inputWidget: WidgetDefinition = {
  type: 'input',
  title: '文本框',
  FormWidget: connect(InputEdit, mapReadPretty(TextRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(InputEdit, 'Input'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
