import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import type { CellProps, WidgetDefinition } from '../../registry.js';
import { dictTextOf, displayText } from '../../shared/cells.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { TextRead } from '../input/index.js';

/** Spec 9: list text ellipsis after 25 characters. */
const ELLIPSIS = 25;

/** Edit renderer of `textarea`: antd TextArea (3+ rows, count against dbLength). */
export function TextareaEdit(props: WidgetProps<string>) {
  const { value, onChange, screenField, ...rest } = props;
  const max = screenField?.dbLength;
  return (
    <Input.TextArea
      autoSize={{ minRows: 3, maxRows: 10 }}
      {...stripMeta(rest)}
      {...(max ? { maxLength: max, showCount: true } : {})}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** List cell of `textarea`: the text cut at 25 characters with '...', full text as tooltip. */
export function TextareaCell({ value, record, column }: CellProps) {
  const text = dictTextOf(record, column) ?? displayText(value);
  const chars = [...text];
  if (chars.length <= ELLIPSIS) return <>{text}</>;
  return <span title={text}>{chars.slice(0, ELLIPSIS).join('') + '...'}</span>;
}

/** `textarea` — multi-line text spanning the form row (spec 3: input_pop/textarea). */
export const textareaWidget: WidgetDefinition = {
  type: 'textarea',
  title: '多行文本',
  FormWidget: connect(TextareaEdit, mapReadPretty(TextRead)),
  Cell: TextareaCell,
  EditableCell: asEditableCell(TextareaEdit, 'Textarea'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
