import { Checkbox, Typography } from 'antd';
import { ReadText } from '../../shared/cells.js';
import { labelsOf, useDictOptions } from '../../shared/dict.js';
import { joinValue, splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { WidgetProps } from '../../shared/props.js';
import { onOffOptions } from '../../../src/shared/value-schema.js';

/**
 * A single checkbox storing extend.options [on, off] (default Y/N, spec 9); used by
 * checkbox_meta and by a checkbox without a dictionary. Unchecking emits the off option.
 */
export function SingleCheckbox({ value, onChange, extend, disabled, readOnly }: WidgetProps<string>) {
  const [on, off] = onOffOptions({ extend });
  return (
    <Checkbox
      data-testid="checkbox-single"
      checked={String(value ?? '') === on}
      disabled={disabled || readOnly}
      onChange={(e) => onChange?.(e.target.checked ? on : off)}
    />
  );
}

/** 是 when the value is the on option, else 否 (empty for no value). */
export function onOffText(value: unknown, extend: WidgetProps['extend']): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value) === onOffOptions({ extend })[0] ? WIDGET_TEXT.yes : WIDGET_TEXT.no;
}

/**
 * Edit renderer of `checkbox` (JCheckbox): with a dictCode, a checkbox group over the dictionary
 * storing the checked values joined by ',' (null when none); without one, a single checkbox.
 */
export function CheckboxEdit(props: WidgetProps<string>) {
  const { value, onChange, dictCode, disabled, readOnly } = props;
  const { options, error } = useDictOptions(dictCode);
  if (!dictCode) return <SingleCheckbox {...props} />;
  if (error) return <Typography.Text type="warning">{error}</Typography.Text>;
  return (
    <Checkbox.Group
      options={options}
      disabled={disabled || readOnly}
      value={splitValue(value)}
      onChange={(next) => onChange?.(joinValue((next as string[]).map(String)))}
    />
  );
}

/** Read-pretty of `checkbox`: the option texts comma-joined, or 是/否 for a single checkbox. */
export function CheckboxRead({ value, dictCode, extend }: WidgetProps) {
  const { options } = useDictOptions(dictCode);
  return <ReadText>{dictCode ? labelsOf(splitValue(value), options).join(',') : onOffText(value, extend)}</ReadText>;
}
