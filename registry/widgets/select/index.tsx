import { connect, mapReadPretty } from '@formily/react';
import { Select } from 'antd';
import { useEffect } from 'react';
import type { WidgetDefinition } from '../../registry.js';
import { ReadText, TextCell } from '../../shared/cells.js';
import { labelsOf, useDictOptions } from '../../shared/dict.js';
import { joinValue, splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { builtinValueSchema } from '../../../src/shared/value-schema.js';
import { asEditableCell } from '../../shared/editable.js';

/** Warns once per mount when a dictionary widget has no dictCode (spec 5.6: 字典Code不能为空!). */
export function useDictCodeWarning(dictCode: string | undefined, title: string | undefined): void {
  useEffect(() => {
    if (!dictCode) console.warn(`${title ?? ''} ${WIDGET_TEXT.dictCodeEmpty}`.trim());
  }, [dictCode, title]);
}

/**
 * Edit renderer of `select`: antd Select over the options of `dictCode`
 * (GET /sys/dict/getDictItems/{dictCode}, cached per page session); extend.multi stores the
 * comma-joined values and shows one tag (spec 9). Clearing emits null.
 */
export function SelectEdit(props: WidgetProps<string>) {
  const { value, onChange, dictCode, extend, screenField, readOnly, disabled, ...rest } = props;
  useDictCodeWarning(dictCode, screenField?.title);
  const { options, loading, error } = useDictOptions(dictCode);
  const multi = !!extend?.multi;
  const values = splitValue(value);
  const problem = !dictCode ? WIDGET_TEXT.dictCodeEmpty : error;
  return (
    <Select<string | string[]>
      allowClear
      showSearch
      optionFilterProp="label"
      {...stripMeta(rest)}
      disabled={disabled || readOnly}
      data-testid={multi ? 'select-multi' : 'select'}
      mode={multi ? 'multiple' : undefined}
      maxTagCount={multi ? 1 : undefined}
      loading={loading}
      status={problem ? 'warning' : undefined}
      notFoundContent={problem}
      options={options}
      value={multi ? values : values[0]}
      onChange={(next) =>
        onChange?.(Array.isArray(next) ? joinValue(next) : next === undefined || next === null || next === '' ? null : String(next))
      }
    />
  );
}

/** Read-pretty renderer of dictionary widgets: the option texts, comma-joined. */
export function DictRead({ value, dictCode }: WidgetProps) {
  const { options } = useDictOptions(dictCode);
  return <ReadText>{labelsOf(splitValue(value), options).join(',')}</ReadText>;
}

/** `select` — dictionary drop-down (spec 3 "Column types": select, list_multi via extend.multi). */
export const selectWidget: WidgetDefinition = {
  type: 'select',
  title: '下拉框',
  FormWidget: connect(SelectEdit, mapReadPretty(DictRead)),
  Cell: TextCell,
  EditableCell: asEditableCell(SelectEdit, 'Select'),
  valueSchema: builtinValueSchema,
  defaultDbType: 'string',
};
