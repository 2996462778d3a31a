/**
 * The editor of a select-like column whose options the table supplies rather than a dictionary
 * widget: a column with its own `options` (spec 3 "Editable table column": options) or a linked
 * child column (linkageKey, linkage.ts) whose options depend on the row. An antd Select (one
 * tag in multiple mode, values joined by ',' — spec 9), options loaded when it mounts.
 */
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import type { EditableCellProps } from '../registry.js';
import { joinValue, splitValue } from '../shared/format.js';
import { WIDGET_TEXT } from '../shared/locale.js';
import type { ColumnOption } from './columns.js';

/** Props: the editable-cell props plus the option loader and the multiple mode. */
export interface OptionsCellProps extends EditableCellProps<string> {
  load: () => Promise<ColumnOption[]>;
  multiple?: boolean;
}

const labelOf = (o: ColumnOption) => String(o.text ?? o.title ?? o.label ?? o.value);

/** See the file comment. */
export function OptionsCell({ value, onChange, onBlur, disabled, placeholder, load, multiple }: OptionsCellProps) {
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (opts) => {
        if (!live) return;
        setOptions(opts.map((o) => ({ value: String(o.value), label: labelOf(o) })));
        setLoading(false);
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [load]);
  const values = splitValue(value);
  return (
    <Select<string | string[]>
      data-testid="options-cell"
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: '100%' }}
      disabled={disabled}
      placeholder={placeholder}
      loading={loading}
      notFoundContent={loading ? WIDGET_TEXT.loading : WIDGET_TEXT.noData}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={multiple ? 1 : undefined}
      options={options}
      value={multiple ? values : values[0]}
      onBlur={onBlur}
      onChange={(next) =>
        onChange(Array.isArray(next) ? joinValue(next) : next === undefined || next === null || next === '' ? null : String(next))
      }
    />
  );
}
