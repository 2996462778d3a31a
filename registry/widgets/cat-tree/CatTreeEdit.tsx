import { TreeSelect, Typography } from 'antd';
import { useCallback, useRef } from 'react';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import { ReadText } from '../../shared/cells.js';
import { splitValue } from '../../shared/format.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { checkTreeCondition, flattenTree } from '../../shared/tree.js';
import { useLazyTree } from '../../shared/useLazyTree.js';
import { useValueLabels } from '../../shared/useValueLabels.js';
import { TREE_DROPDOWN_MAX_HEIGHT, fromLabelled, type LabeledValue } from '../sel-tree/SelTreeEdit.js';
import { loadCategoryChildren, loadCategoryNames, loadCategoryRoot, loadCategoryTree } from './api.js';

/** The root category code of a cat_tree field: extend.pcode, else its dictCode (JeecgBoot dictField). */
export function categoryRoot(extend: WidgetProps['extend'], dictCode?: string): string {
  return extend?.pcode ?? dictCode ?? '';
}

/**
 * Edit renderer of `cat_tree` (JCategorySelect): a TreeSelect over the category tree under
 * extend.pcode — the first level from /sys/category/loadTreeRoot, children from
 * loadTreeChildren when expanded, the whole tree from loadTreeData once the user searches; stores
 * the category id (comma-joined when extend.multi). A `condition` that is not a JSON object
 * string shows the spec 5.6 error and loads nothing. Stored ids are named through loadDictItem.
 */
export function CatTreeEdit(props: WidgetProps<string>) {
  const { value, onChange, extend, dictCode, readOnly, disabled, ...rest } = props;
  const { request } = useRuntimeContext();
  const pcode = categoryRoot(extend, dictCode);
  const cond = checkTreeCondition(extend?.condition);
  const condition = cond.ok ? cond.condition : undefined;
  const loadRoot = useCallback(() => loadCategoryRoot(request, pcode, condition), [request, pcode, condition]);
  const loadKids = useCallback((id: string) => loadCategoryChildren(request, id), [request]);
  const { nodes, loading, loadData, addNodes } = useLazyTree(`${pcode}|${condition ?? ''}`, loadRoot, loadKids, !cond.ok);
  const whole = useRef(false);
  const multi = !!extend?.multi;
  const values = splitValue(value);
  const { labelOf } = useValueLabels('category', values, loadCategoryNames);
  if (!cond.ok) return <Typography.Text type="danger">{cond.error}</Typography.Text>;
  const titles = new Map(nodes.map((n) => [n.value, n.title]));
  const labelled = values.map((v) => ({ value: v, label: titles.get(v) ?? labelOf(v) }));
  return (
    <TreeSelect<LabeledValue | LabeledValue[]>
      data-testid="cat-tree"
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
      onSearch={(kw) => {
        if (!kw || whole.current) return;
        whole.current = true;
        loadCategoryTree(request, pcode, condition).then(
          (tree) => addNodes(flattenTree(tree)),
          () => (whole.current = false),
        );
      }}
      listHeight={TREE_DROPDOWN_MAX_HEIGHT}
      value={multi ? labelled : labelled[0]}
      onChange={(next) => onChange?.(fromLabelled(next, multi))}
    />
  );
}

/** Read-pretty of `cat_tree`: the category names, comma-joined. */
export function CatTreeRead({ value }: WidgetProps) {
  const values = splitValue(value);
  const { labelOf } = useValueLabels('category', values, loadCategoryNames);
  return <ReadText>{values.map(labelOf).join(',')}</ReadText>;
}
