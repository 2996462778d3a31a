/**
 * The tree table (spec 3 "Tree-table rows", 4.4, 7.3, 8): an antd table over a
 * {@link TreeTableModel}; the top level loads on mount, a row's children load on its first
 * expand through the configured URL (key query default parentId), a row with no children
 * becomes a leaf, and a reply of an unknown shape shows 返回数据类型无法识别.
 */
import { App, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { TreeTableModel, type TreeLoadConfig, type TreeRow } from './tree-model.js';

/** Props: the load configuration and the antd columns. */
export interface TreeTableProps {
  config: TreeLoadConfig;
  columns: ColumnsType<TreeRow>;
  /** Receives the model (e.g. to call removeRows). */
  onModel?: (model: TreeTableModel) => void;
}

/** The tree table (see the file comment). */
export function TreeTable({ config, columns, onModel }: TreeTableProps) {
  const { request } = useRuntimeContext();
  const { message } = App.useApp();
  const model = useMemo(() => new TreeTableModel(config, (url, params) => request.get(url, params)), [config, request]);
  const [loading, setLoading] = useState(false);
  const [, setVersion] = useState(0);
  useEffect(() => model.subscribe(() => setVersion((v) => v + 1)), [model]);
  const onModelRef = useRef(onModel);
  onModelRef.current = onModel;
  useEffect(() => {
    onModelRef.current?.(model);
    setLoading(true);
    model
      .loadTop()
      .catch((e: unknown) => void message.warning(e instanceof Error ? e.message : String(e)))
      .finally(() => setLoading(false));
  }, [model, message]);
  const data = model.rows.map(function shape(r): TreeRow {
    return { ...r, children: r.children ? r.children.map(shape) : r.hasChildren ? [] : undefined };
  });
  return (
    <Table<TreeRow>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={data}
      pagination={false}
      expandable={{
        expandedRowKeys: model
          .visible()
          .filter((v) => model.isExpanded(v.row.id))
          .map((v) => v.row.id),
        onExpand: (open, row) => {
          if (!open) return model.collapse(row.id);
          model.expand(row.id).catch((e: unknown) => void message.warning(e instanceof Error ? e.message : String(e)));
        },
      }}
    />
  );
}
