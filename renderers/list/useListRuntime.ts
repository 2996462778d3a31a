import { message } from 'antd';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { applySearch, applySort, initialListState, requestParams, type ListState } from '../../src/runtime/list/list-state';
import { screenCalls } from '../../src/runtime/list/screen-urls';
import { rowToColumns } from '../../src/shared/row-keys';
import { attachChildren, treeRows } from '../../src/runtime/list/tree-rows';
import { toColumn } from '../../src/shared/columns';
import { LIST_TEXT } from '../../src/runtime/list/list-texts';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import { settledFirstPage, takePrefetched, type RawListPage } from './first-page';

export interface ListPage {
  records: Record<string, unknown>[];
  total: number;
}

/** A getData answer as the list holds it: screens at their own paths answer camelCase properties (api-contract §5), mapped back to column keys. */
function toListPage(screen: ScreenSchema, raw: RawListPage): ListPage {
  const records = raw.records ?? [];
  return { records: screen.url?.list ? records.map((r) => rowToColumns(screen, r)) : records, total: raw.total ?? 0 };
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
  // the first page prefetched with the screen (first-page.ts) and already in: the list's first
  // render shows its rows, and the page is not requested again
  const [firstPage] = useState(() => settledFirstPage(request, screen, defaultPageSize));
  const [page, setPage] = useState<ListPage>(() => (firstPage ? toListPage(screen, firstPage) : { records: [], total: 0 }));
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
        const res = await (takePrefetched(request, screen.id, url, params) ?? request.get<RawListPage>(url, params));
        if (mine !== seq.current) return;
        if (res.success) {
          const next = toListPage(screen, res.result);
          if (tree) next.records = treeRows(next.records, tree.hasChild);
          setPage(next);
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
      // spec 8: a tree load failure shows the server's message as an error
      if (!res.success) void message.error(res.message || LIST_TEXT.treeLoadFailed);
      setPage((p) => ({ ...p, records: attachChildren(p.records, id, children, tree.hasChild) }));
    },
    [request, screen.id, tree],
  );

  // The page is fetched when the request parameters change (not on a selection change). A paging,
  // sort or search change starts its request at once, in the event, so the server works while
  // React renders; the effect then finds those parameters already requested.
  const requested = useRef<{ key: string; fetch: typeof fetchPage | null } | null>(
    firstPage ? { key: JSON.stringify(requestParams(state)), fetch: null } : null,
  );
  const start = useCallback(
    (s: ListState) => {
      requested.current = { key: JSON.stringify(requestParams(s)), fetch: fetchPage };
      void fetchPage(s);
    },
    [fetchPage],
  );
  useEffect(() => {
    const r = requested.current;
    const key = JSON.stringify(requestParams(state));
    if (r && r.key === key && r.fetch === null) {
      // the page came with the first render: forget the prefetch, remember who holds the page
      const first = screenCalls(screen).list().url;
      if (first) takePrefetched(request, screen.id, first, requestParams(state));
      requested.current = { key, fetch: fetchPage };
      return;
    }
    if (r && r.fetch === fetchPage && r.key === key) return;
    start(state);
  }, [state, fetchPage, start, request, screen]);
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
