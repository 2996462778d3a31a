import { Input, Modal, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { PICKER_TEXT } from '../shared/locale.js';
import { departTitles, loadDepartTree, toDepartTree, type DepartNode, type DepartTreeOption } from '../widgets/sel-depart/tree.js';
import { PICKER_WIDTH, TREE_MAX_HEIGHT, keepChecked } from './model.js';

export interface DepartPickerModalProps {
  open: boolean;
  /** Several departments (default false: only the newest checked one is kept). */
  multi?: boolean;
  /** Stored key: 'id' (default) or 'orgCode'. */
  store?: string;
  /** Keys checked when the dialog opens. */
  value?: string[];
  /** Dialog width (default 500; the department field uses 450). */
  width?: number;
  /** OK with the checked keys and their department names (both empty when nothing is checked). */
  onOk: (keys: string[], titles: string[]) => void;
  onCancel: () => void;
}

/** Keeps the nodes whose title contains `text`, with their ancestors (spec 5.6: search by title). */
export function filterDepartTree(nodes: readonly DepartTreeOption[], text: string): DepartTreeOption[] {
  if (!text) return [...nodes];
  const out: DepartTreeOption[] = [];
  for (const n of nodes) {
    const kids = n.children ? filterDepartTree(n.children, text) : [];
    if (n.title.includes(text) || kids.length) out.push({ ...n, ...(kids.length ? { children: kids } : {}) });
  }
  return out;
}

/**
 * The department picker tree (JSelectDepartModal; spec 2.6, 4.6, 9): width 500 (450 for the
 * department field), a checkable tree of /sys/sysDepart/queryTreeList with its root level opened,
 * at most 400 px high, a search box filtering by name; single mode keeps only the newest checked
 * department, multi keeps all. Stores id (or orgCode), shows departName. OK with nothing checked
 * returns empty lists, so a field can be cleared; the dialog forgets its state on close.
 */
export function DepartPickerModal({
  open,
  multi = false,
  store,
  value,
  width = PICKER_WIDTH.depart,
  onOk,
  onCancel,
}: DepartPickerModalProps) {
  const { request } = useRuntimeContext();
  const [nodes, setNodes] = useState<DepartNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (!open) return;
    setChecked(value ?? []);
    let live = true;
    loadDepartTree(request).then(
      (n) => live && setNodes(n),
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
    // `value` applies when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, request]);
  const tree = useMemo(() => toDepartTree(nodes ?? [], store), [nodes, store]);
  const shown = useMemo(() => filterDepartTree(tree, search.trim()), [tree, search]);
  const close = () => {
    setChecked([]);
    setSearch('');
  };
  return (
    <Modal
      open={open}
      title={PICKER_TEXT.departTitle}
      width={width}
      destroyOnHidden
      maskClosable={false}
      okText={PICKER_TEXT.ok}
      cancelText={PICKER_TEXT.cancel}
      onOk={() => {
        const keys = checked;
        close();
        onOk(keys, departTitles(tree, keys));
      }}
      onCancel={() => {
        close();
        onCancel();
      }}
    >
      <div data-testid="depart-picker">
        <Input.Search
          allowClear
          placeholder={PICKER_TEXT.departSearch}
          style={{ marginBottom: 8 }}
          onSearch={setSearch}
          onChange={(e) => !e.target.value && setSearch('')}
        />
        {nodes === null ? (
          <Spin />
        ) : (
          <Tree
            checkable
            checkStrictly
            height={TREE_MAX_HEIGHT}
            key={search}
            defaultExpandedKeys={search ? undefined : tree.map((n) => n.key)}
            defaultExpandAll={!!search}
            treeData={shown}
            checkedKeys={checked}
            onCheck={(keys) => {
              const next = (Array.isArray(keys) ? keys : keys.checked).map(String);
              setChecked((prev) => keepChecked(prev, next, multi));
            }}
            onSelect={(_keys, info) => {
              const k = String(info.node.key);
              setChecked((prev) => keepChecked(prev, prev.includes(k) ? prev.filter((x) => x !== k) : [...prev, k], multi));
            }}
          />
        )}
      </div>
    </Modal>
  );
}

export default DepartPickerModal;
