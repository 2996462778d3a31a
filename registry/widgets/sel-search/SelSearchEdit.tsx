import { Select } from 'antd';
import { useCallback } from 'react';
import type { RequestPort } from '../../../renderers/context/RuntimeContext.js';
import { useRuntimeContext } from '../../../renderers/context/RuntimeContext.js';
import { ReadText } from '../../shared/cells.js';
import type { DictOption } from '../../shared/dict.js';
import { splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { useDebouncedSearch } from '../../shared/useDebouncedSearch.js';
import { useValueLabels } from '../../shared/useValueLabels.js';
import { useDictCodeWarning } from '../select/index.js';
import { loadTableDictTexts, searchTableDict } from './api.js';

/** Spec 9: search-select debounce 800 ms. */
export const SEARCH_DEBOUNCE_MS = 800;

/** The drop-down's empty text: 加载中… while searching, 请输入搜索内容 before, 没有查询到任何数据 after. */
export function searchEmptyText(loading: boolean, keyword: string): string {
  if (loading) return WIDGET_TEXT.loading;
  return keyword.trim() ? WIDGET_TEXT.noData : WIDGET_TEXT.enterKeyword;
}

function useTexts(dictCode: string | undefined, values: string[]) {
  const fetchTexts = useCallback(
    (request: RequestPort, keys: string[]) => (dictCode ? loadTableDictTexts(request, dictCode, keys) : Promise.resolve({})),
    [dictCode],
  );
  return useValueLabels(`dict:${dictCode ?? ''}`, dictCode ? values : [], fetchTexts);
}

/**
 * Edit renderer of `sel_search`: a Select searching the table dictionary `dictCode`
 * (`table,text,code`) as the user types (debounced 800 ms, stale replies ignored); the current
 * value is labelled through loadDictItem. Clearing emits null.
 */
export function SelSearchEdit(props: WidgetProps<string>) {
  const { value, onChange, dictCode, screenField, readOnly, disabled, ...rest } = props;
  useDictCodeWarning(dictCode, screenField?.title);
  const { request } = useRuntimeContext();
  const values = splitValue(value).slice(0, 1);
  const { labelOf, remember } = useTexts(dictCode, values);
  const fetcher = useCallback(
    (kw: string) => (dictCode ? searchTableDict(request, dictCode, kw) : Promise.resolve<DictOption[]>([])),
    [request, dictCode],
  );
  const { options: found, loading, keyword, search } = useDebouncedSearch<DictOption>(fetcher, SEARCH_DEBOUNCE_MS);
  const options = [...values.filter((v) => !found.some((o) => o.value === v)).map((v) => ({ value: v, label: labelOf(v) })), ...found];
  return (
    <Select<string>
      allowClear
      showSearch
      filterOption={false}
      {...stripMeta(rest)}
      disabled={disabled || readOnly}
      options={options}
      notFoundContent={dictCode ? searchEmptyText(loading, keyword) : WIDGET_TEXT.dictCodeEmpty}
      onSearch={search}
      value={values[0]}
      onChange={(next) => {
        const o = found.find((f) => f.value === next);
        if (o && next) remember(next, o.label);
        onChange?.(next === undefined || next === null || next === '' ? null : String(next));
      }}
    />
  );
}

/** Read-pretty of `sel_search`: the dictionary text of the value. */
export function SelSearchRead({ value, dictCode }: WidgetProps) {
  const values = splitValue(value);
  const { labelOf } = useTexts(dictCode, values);
  return <ReadText>{values.map(labelOf).join(',')}</ReadText>;
}
