import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useLatestGuard } from '../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { PAGE_SIZE_OPTIONS, totalText } from '../../../runtime/list/list-state';
import { systemSettings } from '../../stores/system-settings';

/** What {@link usePagedList} gives a page. */
export interface PagedList<Row> {
  rows: Row[];
  total: number;
  loading: boolean;
  /** Loads the current page again. */
  reload: () => Promise<void>;
  /** Back to page 1 and load (a search or a reset). */
  toFirstPage: () => void;
  /** The Table's pagination: 10/20/30, quick jumper, size changer, 共N条 (spec 4.4). */
  pagination: TablePaginationConfig;
  /**
   * Shows the answer of a row action (delete, copy …): its message as a success (and the list
   * loads again) or as a warning. Returns whether it succeeded (a Popconfirm's onConfirm result).
   */
  answered: (res: { success: boolean; message: string }) => boolean;
}

/**
 * One paged admin list over a JeecgBoot list endpoint (`GET url` with `pageNo`, `pageSize` and
 * the page's own parameters → `{ records, total }`, api-contract §5): loads on mount, on a page
 * change and whenever `params` changes identity (wrap it in useCallback over the filters it
 * reads); a refusal is shown as a warning and the rows stay as they were.
 */
export function usePagedList<Row>(url: string, params: () => Record<string, unknown>): PagedList<Row> {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ pageNo: 1, pageSize: systemSettings.defaultPageSize });
  const [loading, setLoading] = useState(false);

  const guard = useLatestGuard();

  // a later page, search or save supersedes an answer still on its way (useLatestGuard)
  const reload = useCallback(async () => {
    setLoading(true);
    const done = await guard.run(
      () => request.get<{ records: Row[]; total: number }>(url, { ...page, ...params() }),
      (res) => {
        if (res.success) {
          setRows(res.result.records);
          setTotal(res.result.total);
        } else message.warning(res.message);
      },
    );
    if (done || !guard.pending) setLoading(false);
  }, [request, url, page, params, guard]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const toFirstPage = useCallback(() => setPage((p) => ({ ...p, pageNo: 1 })), []);
  const pagination: TablePaginationConfig = {
    current: page.pageNo,
    pageSize: page.pageSize,
    total,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: totalText,
    onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
  };
  const answered = (res: { success: boolean; message: string }) => {
    if (res.success) {
      message.success(res.message);
      void reload();
    } else message.warning(res.message);
    return res.success;
  };
  return { rows, total, loading, reload, toFirstPage, pagination, answered };
}
