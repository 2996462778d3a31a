import { ApartmentOutlined } from '@ant-design/icons';
import { Button, Space, TreeSelect } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useRuntimeContext } from '../../context/RuntimeContext.js';
import { ReadText } from '../../shared/cells.js';
import { joinValue, splitValue } from '../../shared/format.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import { stripMeta, type WidgetProps } from '../../shared/props.js';
import { departTitles, loadDepartTree, toDepartTree, type DepartNode } from './tree.js';

/** The department dialog loads only when opened (docs/architecture.md "Libraries and heavy widgets": lists stay lean). */
const LazyDepartPicker = lazy(() => import('../../pickers/DepartPickerModal.js'));

/** Spec 9: the department field's modal is 450 px wide. */
export const DEPART_FIELD_MODAL_WIDTH = 450;

/** Spec 9: tree dropdown max height 400 px. */
export const DEPART_DROPDOWN_MAX_HEIGHT = 400;

/** The department tree of the runtime's request port, loading state included. */
function useDepartTree(): { nodes: DepartNode[]; loading: boolean } {
  const { request } = useRuntimeContext();
  const [state, setState] = useState<{ nodes: DepartNode[]; loading: boolean }>({ nodes: [], loading: true });
  useEffect(() => {
    let live = true;
    loadDepartTree(request).then(
      (nodes) => live && setState({ nodes, loading: false }),
      () => live && setState({ nodes: [], loading: false }),
    );
    return () => {
      live = false;
    };
  }, [request]);
  return state;
}

/**
 * Edit renderer of `sel_depart`: antd TreeSelect over the department tree, storing the node's
 * `id` or `orgCode` (extend.store, default id; comma-joined when extend.multi); placeholder
 * 点击选择部门, dropdown at most 400 px high, root level opened (spec 9 department picker); the
 * button beside it opens the department picker tree (width 450, single mode keeps the newest
 * checked department, confirming with none clears the field).
 */
export function SelDepartEdit(props: WidgetProps<string>) {
  const { value, onChange, extend, readOnly, disabled, placeholder: _placeholder, ...rest } = props;
  const { nodes, loading } = useDepartTree();
  const treeData = useMemo(() => toDepartTree(nodes, extend?.store), [nodes, extend?.store]);
  const multi = !!extend?.multi;
  const values = splitValue(value);
  const [picking, setPicking] = useState(false);
  const emit = (list: string[]) => onChange?.(multi ? joinValue(list) : list[0] ? String(list[0]) : null);
  const select = (
    <TreeSelect<string | string[]>
      data-testid="sel-depart"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      {...stripMeta(rest)}
      placeholder={WIDGET_TEXT.departPlaceholder}
      disabled={disabled || readOnly}
      loading={loading}
      multiple={multi}
      maxTagCount={multi ? 1 : undefined}
      treeData={treeData}
      treeDefaultExpandedKeys={treeData.map((n) => n.key)}
      listHeight={DEPART_DROPDOWN_MAX_HEIGHT}
      styles={{ popup: { root: { maxHeight: DEPART_DROPDOWN_MAX_HEIGHT, overflow: 'auto' } } }}
      value={multi ? values : values[0]}
      onChange={(next) => emit((Array.isArray(next) ? next : next ? [next] : []).map(String))}
    />
  );
  return (
    <Space.Compact style={{ width: '100%' }}>
      {select}
      <Button
        icon={<ApartmentOutlined />}
        disabled={disabled || readOnly}
        title={WIDGET_TEXT.departPlaceholder}
        data-testid="sel-depart-open"
        onClick={() => setPicking(true)}
      />
      {picking && (
        <Suspense fallback={null}>
          <LazyDepartPicker
            open
            multi={multi}
            store={extend?.store}
            value={values}
            width={DEPART_FIELD_MODAL_WIDTH}
            onCancel={() => setPicking(false)}
            onOk={(keys) => {
              setPicking(false);
              emit(keys);
            }}
          />
        </Suspense>
      )}
    </Space.Compact>
  );
}

/** Read-pretty of `sel_depart`: department names, comma-joined. */
export function SelDepartRead({ value, extend }: WidgetProps) {
  const { nodes } = useDepartTree();
  const tree = useMemo(() => toDepartTree(nodes, extend?.store), [nodes, extend?.store]);
  return <ReadText>{departTitles(tree, splitValue(value)).join(',')}</ReadText>;
}
