import { Select } from 'antd';
import { useMemo } from 'react';
import type { EditableCellProps } from '../../registry.js';
import { useDictOptions, useDictSearch, type DictOption } from '../../shared/dict.js';
import { splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { useTableDictTexts } from '../sel-search-async/SelSearchAsyncEdit.js';
import { useDictCodeWarning } from '../select/index.js';
import { searchEmptyText } from './texts.js';

export { SEARCH_DEBOUNCE_MS, searchEmptyText } from './texts.js';
export { SelSearchRead } from '../sel-search-async/SelSearchAsyncEdit.js';

const emit = (onChange: ((v: string | null) => void) | undefined, next: unknown) =>
  onChange?.(next === undefined || next === null || next === '' ? null : String(next));

/**
 * Edit renderer of `sel_search` (JSearchSelectTag, not async): a Select over every item of the
 * dictionary `dictCode` (plain or `table,text,code`, GET /sys/dict/getDictItems, cached), the
 * typed text filtering the option texts locally; 没有查询到任何数据 when nothing matches, the
 * server message when the load failed (options left empty, spec 8). Clearing emits null.
 */
export function SelSearchEdit(props: WidgetProps<string>) {
  const { value, onChange, dictCode, screenField, readOnly, disabled, ...rest } = props;
  useDictCodeWarning(dictCode, screenField?.title);
  const { options, loading, error } = useDictOptions(dictCode);
  const current = splitValue(value)[0];
  const shown = useMemo(
    () => (current && !loading && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options),
    [current, options, loading],
  );
  return (
    <Select<string>
      data-testid="sel-search"
      allowClear
      showSearch
      optionFilterProp="label"
      {...stripMeta(rest)}
      disabled={disabled || readOnly}
      loading={loading}
      status={error || !dictCode ? 'warning' : undefined}
      options={shown}
      notFoundContent={!dictCode ? WIDGET_TEXT.dictCodeEmpty : (error ?? (loading ? WIDGET_TEXT.loading : WIDGET_TEXT.noData))}
      value={current}
      onChange={(next) => emit(onChange, next)}
    />
  );
}

/**
 * Editable-table cell of `sel_search` (JVxe select-dict-search cell): searches the table
 * dictionary as the user types — GET /sys/dict/loadDict debounced 300 ms, a failure shown as a
 * warning (spec 8, 9); the current value is labelled through loadDictItem.
 */
export function SelSearchCell({ value, onChange, onBlur, field, disabled, placeholder }: EditableCellProps<string>) {
  const dictCode = field.dictCode;
  const current = splitValue(value)[0];
  const { labelOf, remember } = useTableDictTexts(dictCode, current ? [current] : []);
  const { options: found, loading, keyword, search } = useDictSearch(dictCode);
  const options: DictOption[] =
    current && !found.some((o) => o.value === current) ? [{ value: current, label: labelOf(current) }, ...found] : found;
  return (
    <Select<string>
      allowClear
      showSearch
      filterOption={false}
      style={{ width: '100%' }}
      disabled={disabled}
      placeholder={placeholder}
      options={options}
      notFoundContent={dictCode ? searchEmptyText(loading, keyword) : WIDGET_TEXT.dictCodeEmpty}
      onSearch={search}
      onBlur={onBlur}
      value={current}
      onChange={(next) => {
        const o = found.find((f) => f.value === next);
        if (o) remember(o.value, o.label);
        emit(onChange, next);
      }}
    />
  );
}
