import { connect, mapReadPretty } from '@formily/react';
import { Radio, Typography } from 'antd';
import type { WidgetDefinition } from '../../registry.js';
import { TextCell } from '../../shared/cells.js';
import { useDictOptions } from '../../shared/dict.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { WidgetProps } from '../../shared/props.js';
import { asEditableCell } from '../../shared/editable.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { DictRead, useDictCodeWarning } from '../select/index.js';

/** Edit renderer of `radio`: antd Radio.Group over the options of `dictCode`. */
export function RadioEdit({ value, onChange, dictCode, screenField, disabled, readOnly }: WidgetProps<string>) {
  useDictCodeWarning(dictCode, screenField?.title);
  const { options } = useDictOptions(dictCode);
  if (!dictCode) return <Typography.Text type="warning">{WIDGET_TEXT.dictCodeEmpty}</Typography.Text>;
  return (
    <Radio.Group
      options={options}
      disabled={disabled || readOnly}
      value={value === undefined || value === null ? undefined : String(value)}
      onChange={(e) => onChange?.(e.target.value as string)}
    />
  );
}

/** `radio` — dictionary radio buttons (same dictionary source as select). */
export const radioWidget: WidgetDefinition = {
  type: 'radio',
  title: '单选框',
  FormWidget: connect(RadioEdit, mapReadPretty(DictRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(RadioEdit, 'Radio'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
