import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { applySearch, applySort, initialListState, requestParams, type ListState } from '../../src/runtime/list/list-state';
import { screenCalls } from '../../src/runtime/list/screen-urls';
import { rowToColumns } from '../../src/runtime/list/row-keys';
import { useRuntimeContext } from '../context/RuntimeContext';

export interface ListPage {
  records: Record<string, unknown>[];
  total: number;
}

/** Spec 9: list load delay 500 ms before the spinner shows. */
const LOADING_DELAY_MS = 500;

/**
 * Binds the headless list state (src/runtime/list) to React: fetches
 * the screen's list call (`url.list`, default `/online/cgform/api/getData/{code}`) whenever paging, sort or query change, and exposes the
 * operations the list page needs. A `success:false` answer is returned as `warning`.
 */
export function useListRuntime(screen: ScreenSchema) {
  const { request } = useRuntimeContext();
  const [state, setState] = useState<ListState>(() => initialListState(screen));
  const [page, setPage] = useState<ListPage>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const timer = setTimeout(() => mine === seq.current && setLoading(true), LOADING_DELAY_MS);
    try {
      const res = await request.get<ListPage>(screenCalls(screen).list().url, requestParams(state));
      if (mine !== seq.current) return;
      if (res.success) {
        const records = res.result.records ?? [];
        // screens at their own paths answer camelCase properties (api-contract §5): back to column keys
        setPage({ records: screen.url ? records.map((r) => rowToColumns(screen, r)) : records, total: res.result.total ?? 0 });
        setWarning(null);
      } else setWarning(res.message || '数据加载失败');
    } catch {
      // the request layer has shown the error
    } finally {
      clearTimeout(timer);
      if (mine === seq.current) setLoading(false);
    }
  }, [request, screen, state]);

  useEffect(() => {
    void load();
  }, [load]);

  return {
    state,
    page,
    loading,
    warning,
    reload: load,
    search: (query: Record<string, string>) => setState((s) => applySearch(s, query)),
    sort: (column: string | undefined, order: 'ascend' | 'descend' | null | undefined) =>
      setState((s) => applySort(s, screen, column, order)),
    paginate: (pageNo: number, pageSize: number) => setState((s) => ({ ...s, pageNo: s.pageSize === pageSize ? pageNo : 1, pageSize })),
    select: (keys: string[]) => setState((s) => ({ ...s, selectedRowKeys: keys })),
  };
}

export type ListRuntime = ReturnType<typeof useListRuntime>;
