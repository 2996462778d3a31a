import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { applySearch, applySort, initialListState, requestParams, type ListState } from '../../src/runtime/list/list-state';
import { screenCalls } from '../../src/runtime/list/screen-urls';
import { rowToColumns } from '../../src/runtime/list/row-keys';
import { attachChildren, treeRows } from '../../src/runtime/list/tree-rows';
import { toColumn } from '../../src/runtime/schema/columns';
import { LIST_TEXT } from '../../src/runtime/list/list-texts';
import { useRuntimeContext } from '../context/RuntimeContext';

export interface ListPage {
  records: Record<string, unknown>[];
  total: number;
}

/** Spec 9: list load delay 500 ms before the spinner shows. */
const LOADING_DELAY_MS = 500;

const ONLINE = '/online/cgform/api';

/**
 * Binds the headless list state (src/runtime/list) to React: fetches
 * the screen's list call (`url.list`, default `/online/cgform/api/getData/{code}`) whenever paging, sort or query change, and exposes the
 * operations the list page needs. A `success:false` answer is returned as `warning`.
 * Tree screens (template tree, spec 4.4) load their roots through getTreeData (`hasQuery=false`
 * without a query) and each node's children on first expand (`loadChildren`, by pid).
 */
export function useListRuntime(screen: ScreenSchema) {
  const { request } = useRuntimeContext();
  const [state, setState] = useState<ListState>(() => initialListState(screen));
  const [page, setPage] = useState<ListPage>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const seq = useRef(0);
  const tree = useMemo(
    () =>
      screen.template === 'tree' && screen.tree
        ? { pid: toColumn(screen.tree.pidField), hasChild: toColumn(screen.tree.hasChildField) }
        : null,
    [screen],
  );

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const timer = setTimeout(() => mine === seq.current && setLoading(true), LOADING_DELAY_MS);
    try {
      const url = tree ? `${ONLINE}/getTreeData/${encodeURIComponent(screen.id)}` : screenCalls(screen).list().url;
      if (!url) {
        setWarning(LIST_TEXT.noListUrl);
        return;
      }
      const params: Record<string, unknown> = requestParams(state);
      if (tree) params.hasQuery = Object.keys(state.query).length > 0 ? 'true' : 'false';
      const res = await request.get<ListPage>(url, params);
      if (mine !== seq.current) return;
      if (res.success) {
        let records = res.result.records ?? [];
        // screens at their own paths answer camelCase properties (api-contract §5): back to column keys
        if (screen.url?.list) records = records.map((r) => rowToColumns(screen, r));
        if (tree) records = treeRows(records, tree.hasChild);
        setPage({ records, total: res.result.total ?? 0 });
        setWarning(null);
      } else setWarning(res.message || '数据加载失败');
    } catch {
      // the request layer has shown the error
    } finally {
      clearTimeout(timer);
      if (mine === seq.current) setLoading(false);
    }
  }, [request, screen, state, tree]);

  /** Loads a tree node's children by pid (getTreeData); none → the node becomes a leaf. */
  const loadChildren = useCallback(
    async (id: string) => {
      if (!tree) return;
      const res = await request.get<ListPage>(`${ONLINE}/getTreeData/${encodeURIComponent(screen.id)}`, {
        [tree.pid]: id,
        hasQuery: 'true',
      });
      const children = res.success ? (res.result.records ?? []) : [];
      if (!res.success) setWarning(res.message);
      setPage((p) => ({ ...p, records: attachChildren(p.records, id, children, tree.hasChild) }));
    },
    [request, screen.id, tree],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // `reload` keeps one identity (row actions built once per sort call it) and loads with the
  // latest state
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  }, [load]);
  const reload = useCallback(() => latestLoad.current(), []);
  const select = useCallback((keys: string[]) => setState((s) => ({ ...s, selectedRowKeys: keys })), []);
  const deselect = useCallback(
    (ids: string[]) => setState((s) => ({ ...s, selectedRowKeys: s.selectedRowKeys.filter((k) => !ids.includes(k)) })),
    [],
  );

  return {
    state,
    page,
    loading,
    warning,
    reload,
    loadChildren,
    tree,
    search: (query: Record<string, string>) => setState((s) => applySearch(s, query)),
    sort: (column: string | undefined, order: 'ascend' | 'descend' | null | undefined) =>
      setState((s) => applySort(s, screen, column, order)),
    paginate: (pageNo: number, pageSize: number) => setState((s) => ({ ...s, pageNo: s.pageSize === pageSize ? pageNo : 1, pageSize })),
    /** Sets the selected row ids. */
    select,
    /** Drops `ids` from the selection (rows deleted). */
    deselect,
  };
}

export type ListRuntime = ReturnType<typeof useListRuntime>;
