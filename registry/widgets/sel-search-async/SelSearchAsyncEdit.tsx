import { Select, message } from 'antd';
import { useCallback } from 'react';
import type { RequestPort } from '../../context/RuntimeContext.js';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import { ReadText } from '../../shared/cells.js';
import type { DictOption } from '../../shared/dict.js';
import { splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { useDebouncedSearch } from '../../shared/useDebouncedSearch.js';
import { useValueLabels } from '../../shared/useValueLabels.js';
import { useDictCodeWarning } from '../select/index.js';
import { loadTableDictTexts, searchTableDict } from '../sel-search/api.js';
import { SEARCH_DEBOUNCE_MS, searchEmptyText } from '../sel-search/texts.js';

/** Labels of stored values of a table dictionary (loadDictItem), cached per page session. */
export function useTableDictTexts(dictCode: string | undefined, values: string[]) {
  const fetchTexts = useCallback(
    (request: RequestPort, keys: string[]) => (dictCode ? loadTableDictTexts(request, dictCode, keys) : Promise.resolve({})),
    [dictCode],
  );
  return useValueLabels(`dict:${dictCode ?? ''}`, dictCode ? values : [], fetchTexts);
}

/** Spec 8: a failed dictionary search shows the server message as a warning. */
const warn = (e: unknown) => void message.warning(e instanceof Error ? e.message : String(e));

/**
 * Edit renderer of `sel_search_async` (JSearchSelectTag async): a Select searching the table
 * dictionary `dictCode` (`table,text,code`) as the user types — debounced 800 ms, page size 10,
 * stale replies ignored, a failed search shown as a warning (spec 8, 9); the current value is
 * labelled through loadDictItem. Texts 加载中…, 请输入搜索内容, 没有查询到任何数据. Clearing emits null.
 */
export function SelSearchAsyncEdit(props: WidgetProps<string>) {
  const { value, onChange, dictCode, screenField, readOnly, disabled, ...rest } = props;
  useDictCodeWarning(dictCode, screenField?.title);
  const { request } = useRuntimeContext();
  const values = splitValue(value).slice(0, 1);
  const { labelOf, remember } = useTableDictTexts(dictCode, values);
  const fetcher = useCallback(
    (kw: string) => (dictCode ? searchTableDict(request, dictCode, kw) : Promise.resolve<DictOption[]>([])),
    [request, dictCode],
  );
  const { options: found, loading, keyword, search } = useDebouncedSearch<DictOption>(fetcher, SEARCH_DEBOUNCE_MS, warn);
  const options = [...values.filter((v) => !found.some((o) => o.value === v)).map((v) => ({ value: v, label: labelOf(v) })), ...found];
  return (
    <Select<string>
      data-testid="sel-search-async"
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

/** Read-pretty of `sel_search` and `sel_search_async`: the dictionary texts of the value. */
export function SelSearchRead({ value, dictCode }: WidgetProps) {
  const values = splitValue(value);
  const { labelOf } = useTableDictTexts(dictCode, values);
  return <ReadText>{values.map(labelOf).join(',')}</ReadText>;
}
