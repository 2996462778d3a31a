import { useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Table, Tabs } from 'antd';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { LIST_TEXT } from '../../src/runtime/list/list-texts';
import { fetchSubRows } from './sub-rows';
import { useRuntimeContext, useWidgetRegistry } from '../../registry/context/RuntimeContext';
import { buildColumns } from './columns';

type Row = Record<string, unknown>;

/** The rows of one sub table for a main row (subform/list, 3 tries; 打开子表失败 after that), cells from the context's widget registry. */
export function SubTable({ sub, mainId }: { sub: ScreenSchema; mainId: string }) {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setRows(null);
    setFailed(false);
    fetchSubRows(request, sub, mainId)
      .then((r) => alive && setRows(r))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [request, sub, mainId]);
  if (failed) return <Alert type="warning" showIcon message={LIST_TEXT.subTableFailed} />;
  return <SubRowsTable sub={sub} rows={rows} />;
}

/**
 * Sub rows shown read-only (no actions, no sorting), each cell through the context's widget
 * registry like the list's cells. `rows` null = still loading. Used by {@link SubTable} and by
 * views that already hold the rows (a workflow instance's record).
 */
export function SubRowsTable({ sub, rows }: { sub: ScreenSchema; rows: Row[] | null }) {
  const registry = useWidgetRegistry();
  const columns = useMemo(
    () => buildColumns(sub, registry, { column: '', order: 'desc' }, () => null).filter((c) => c.key !== '_action'),
    [sub, registry],
  );
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      bordered
      loading={rows === null}
      columns={columns.map((c) => ({ ...c, sorter: false }))}
      dataSource={rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-sub-table={sub.id}
    />
  );
}

export interface SubTablesTabsProps {
  subs: ScreenSchema[];
  /** the selected / expanded main row's id; none → an empty hint */
  mainId?: string;
}

/**
 * A main row's sub tables as tabs (spec 2.2: ERP below the master table, inner table inside the
 * expanded row), each loaded through `/online/cgform/api/subform/list/{table}/{mainId}`.
 */
export default function SubTablesTabs({ subs, mainId }: SubTablesTabsProps) {
  if (!mainId) return <Empty description="请选择一条主表记录" />;
  return (
    <Tabs className="sub-tables" items={subs.map((s) => ({ key: s.id, label: s.title, children: <SubTable sub={s} mainId={mainId} /> }))} />
  );
}
