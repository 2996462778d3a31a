import { connect, mapReadPretty } from '@formily/react';
import { Input, Popover } from 'antd';
import { useState } from 'react';
import type { WidgetDefinition } from '../../registry.js';
import { asEditableCell } from '../../shared/editable.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { TextRead } from '../input/index.js';
import { TextareaCell } from '../textarea/index.js';

/**
 * Edit renderer of `input_pop` (JInputPop): a one-line input; focusing or clicking it opens a
 * popover with a multi-line text area editing the same text (spec 3 "input_pop/textarea").
 * Emits the text ('' when cleared).
 */
export function InputPopEdit(props: WidgetProps<string>) {
  const { value, onChange, disabled, readOnly, placeholder, ...rest } = props;
  const [open, setOpen] = useState(false);
  const text = value === undefined || value === null ? '' : String(value);
  const locked = disabled || readOnly;
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={WIDGET_TEXT.inputPopTitle}
      open={open && !locked}
      onOpenChange={(next) => setOpen(next)}
      content={
        <Input.TextArea
          data-testid="input-pop-area"
          autoFocus
          autoSize={{ minRows: 4, maxRows: 10 }}
          style={{ width: 360 }}
          value={text}
          onChange={(e) => onChange?.(e.target.value)}
        />
      }
    >
      <Input
        data-testid="input-pop"
        {...stripMeta(rest)}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readOnly}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
      />
    </Popover>
  );
}

/** `input_pop` — text edited in a pop-up text area (spec 3 "Column types": input_pop). */
export const inputPopWidget: WidgetDefinition = {
  type: 'input_pop',
  title: '弹出文本框',
  FormWidget: connect(InputPopEdit, mapReadPretty(TextRead)),
  Cell: TextareaCell,
  EditableCell: asEditableCell(InputPopEdit, 'InputPop'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
