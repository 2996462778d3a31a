import { TreeSelect, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import { ReadText } from '../../shared/cells.js';
import { joinValue, splitValue } from '../../shared/format.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { checkTreeCondition } from '../../shared/tree.js';
import { useLazyTree } from '../../shared/useLazyTree.js';
import { useTableDictTexts } from '../sel-search-async/SelSearchAsyncEdit.js';
import { loadTreeLevel, treeDictConfig } from './api.js';

/** A TreeSelect value with its label (labelInValue). */
export interface LabeledValue {
  value: string;
  label?: React.ReactNode;
}

/** The stored value of a labelInValue TreeSelect change: keys comma-joined (multi) or the key; null when empty. */
export function fromLabelled(next: LabeledValue | LabeledValue[] | null | undefined, multi: boolean): string | null {
  const list = (Array.isArray(next) ? next : next ? [next] : []).map((o) => String(o.value));
  return multi ? joinValue(list) : (list[0] ?? null);
}

/** Spec 9: tree dropdowns at most 400 px high. */
export const TREE_DROPDOWN_MAX_HEIGHT = 400;

/**
 * Edit renderer of `sel_tree` (JTreeSelect): a TreeSelect over a tree dictionary loaded level by
 * level through /sys/dict/loadTreeData; stores the `code` column of the chosen node (comma-joined
 * when extend.multi). A `condition` that is not a JSON object string shows the spec 5.6 error and
 * loads nothing. Stored values are labelled through loadDictItem.
 */
export function SelTreeEdit(props: WidgetProps<string>) {
  const { value, onChange, extend, dictCode, readOnly, disabled, ...rest } = props;
  const { request } = useRuntimeContext();
  const cfg = useMemo(() => treeDictConfig(extend, dictCode), [extend, dictCode]);
  const cond = checkTreeCondition(extend?.condition);
  const condition = cond.ok ? cond.condition : undefined;
  const key = cfg ? `${cfg.tableName},${cfg.text},${cfg.code}|${cfg.pidField}|${cfg.pidValue}|${condition ?? ''}` : '';
  const loadRoot = useCallback(
    () => (cfg ? loadTreeLevel(request, cfg, cfg.pidValue, condition) : Promise.resolve([])),
    [request, cfg, condition],
  );
  const loadKids = useCallback(
    (id: string) => (cfg ? loadTreeLevel(request, cfg, id, condition) : Promise.resolve([])),
    [request, cfg, condition],
  );
  const { nodes, loading, loadData } = useLazyTree(key, loadRoot, loadKids, !cfg || !cond.ok);
  const multi = !!extend?.multi;
  const values = splitValue(value);
  const dict = cfg ? `${cfg.tableName},${cfg.text},${cfg.code}` : undefined;
  const { labelOf } = useTableDictTexts(dict, values);
  if (!cond.ok) return <Typography.Text type="danger">{cond.error}</Typography.Text>;
  const titles = new Map(nodes.map((n) => [n.value, n.title]));
  const labelled = values.map((v) => ({ value: v, label: titles.get(v) ?? labelOf(v) }));
  return (
    <TreeSelect<LabeledValue | LabeledValue[]>
      data-testid="sel-tree"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      {...stripMeta(rest)}
      disabled={disabled || readOnly}
      loading={loading}
      multiple={multi}
      maxTagCount={multi ? 1 : undefined}
      labelInValue
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: '' }}
      treeData={nodes}
      loadData={(node) => loadData(node as { id?: string })}
      listHeight={TREE_DROPDOWN_MAX_HEIGHT}
      value={multi ? labelled : labelled[0]}
      onChange={(next) => onChange?.(fromLabelled(next, multi))}
    />
  );
}

/** Read-pretty of `sel_tree`: the node texts (loadDictItem), comma-joined. */
export function SelTreeRead({ value, extend, dictCode }: WidgetProps) {
  const cfg = treeDictConfig(extend, dictCode);
  const values = splitValue(value);
  const { labelOf } = useTableDictTexts(cfg ? `${cfg.tableName},${cfg.text},${cfg.code}` : undefined, values);
  return <ReadText>{values.map(labelOf).join(',')}</ReadText>;
}
