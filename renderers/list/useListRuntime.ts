import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
 * Binds the headless list state (src/runtime/list) to React: fetches the screen's list call
 * (`url.list`, default `/online/cgform/api/getData/{code}`) whenever paging, sort or query
 * change — requested at once in the event, before React renders — but not when only the
 * selection changes, and exposes the operations the list page needs. A `success:false` answer is returned as `warning`.
 * Tree screens (template tree, spec 4.4) load their roots through getTreeData (`hasQuery=false`
 * without a query) and each node's children on first expand (`loadChildren`, by pid).
 */
export function useListRuntime(screen: ScreenSchema) {
  const { request, defaultPageSize } = useRuntimeContext();
  const [state, setState] = useState<ListState>(() => initialListState(screen, defaultPageSize));
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

  /** Fetches the page of list state `s` (the latest call wins). */
  const fetchPage = useCallback(
    async (s: ListState) => {
      const mine = ++seq.current;
      const timer = setTimeout(() => mine === seq.current && setLoading(true), LOADING_DELAY_MS);
      try {
        const url = tree ? `${ONLINE}/getTreeData/${encodeURIComponent(screen.id)}` : screenCalls(screen).list().url;
        if (!url) {
          setWarning(LIST_TEXT.noListUrl);
          return;
        }
        const params: Record<string, unknown> = requestParams(s);
        if (tree) params.hasQuery = Object.keys(s.query).length > 0 ? 'true' : 'false';
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
    },
    [request, screen, tree],
  );

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

  // The page is fetched when the request parameters change (not on a selection change). A paging,
  // sort or search change starts its request at once, in the event, so the server works while
  // React renders; the effect then finds those parameters already requested.
  const requested = useRef<{ key: string; fetch: typeof fetchPage } | null>(null);
  const start = useCallback(
    (s: ListState) => {
      requested.current = { key: JSON.stringify(requestParams(s)), fetch: fetchPage };
      void fetchPage(s);
    },
    [fetchPage],
  );
  useEffect(() => {
    const r = requested.current;
    if (r && r.fetch === fetchPage && r.key === JSON.stringify(requestParams(state))) return;
    start(state);
  }, [state, fetchPage, start]);
  /** Moves to list state `next`, its page requested at once. */
  const go = (next: ListState) => {
    start(next);
    // a transition: the request's own promise steps (interceptors) run, and it is sent, before
    // React renders the new state
    startTransition(() => setState(next));
  };

  // `reload` keeps one identity (row actions built once per sort call it) and loads the latest state
  const latest = useRef({ state, fetchPage });
  useEffect(() => {
    latest.current = { state, fetchPage };
  }, [state, fetchPage]);
  const reload = useCallback(() => latest.current.fetchPage(latest.current.state), []);
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
    search: (query: Record<string, string>) => go(applySearch(state, query)),
    sort: (column: string | undefined, order: 'ascend' | 'descend' | null | undefined) => go(applySort(state, screen, column, order)),
    paginate: (pageNo: number, pageSize: number) => go({ ...state, pageNo: state.pageSize === pageSize ? pageNo : 1, pageSize }),
    /** Sets the selected row ids. */
    select,
    /** Drops `ids` from the selection (rows deleted). */
    deselect,
  };
}

export type ListRuntime = ReturnType<typeof useListRuntime>;
