import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Input, Space, Spin, Switch, Tree, Typography, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { Envelope } from '../../../../../registry/context/RuntimeContext';
import { ADMIN_T } from './texts';
import { useLatestGuard } from '../../../../../registry/shared/useLatestGuard';
import { filterPermissionTree, mergeVisibleChecks, permissionTreeKeys as allKeys } from './permission-tree-filter';

/** A node of /sys/permission/queryTreeList (api-contract §3.2 TreeModel). */
export interface PermissionTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  ruleFlag?: number;
  menuType?: number | null;
  perms?: string | null;
  children?: PermissionTreeNode[];
}

export interface PermissionTreeEditorProps {
  /** Loads the tree `{treeList, ids}` the permissions are chosen from. */
  loadTree: () => Promise<Envelope<{ treeList: PermissionTreeNode[]; ids: string[] }>>;
  /** Loads the permission ids held now. */
  loadChecked: () => Promise<Envelope<string[]>>;
  /** Saves the chosen ids (`last` = the ids held when loaded, JeecgBoot's lastpermissionIds). */
  save: (ids: string[], last: string[]) => Promise<Envelope<unknown>>;
  /** Called after a successful save; `close` when 保存并关闭 was used. */
  onSaved?: (close: boolean) => void;
  /** Shows a 数据规则 link on menus with data rules (ruleFlag 1). */
  onRuleClick?: (permissionId: string, title: string) => void;
  /** Offers 保存并关闭 (inside a drawer). */
  closable?: boolean;
}

/** Rows of the tree drawn at once: the tree scrolls within this height (px), drawing only what shows. */
const treeHeight = () => Math.max(320, (typeof window === 'undefined' ? 900 : window.innerHeight) - 260);

/**
 * The permission tree of an authorisation (spec 7.2 queryTreeList / queryRolePermission /
 * saveRolePermission, and the department, department-role and OS variants): a checkable antd
 * Tree of menus and buttons (buttons show their code), 父子关联 off by default as in
 * JeecgBoot (each checked node is exactly one grant), 全部勾选 / 取消全选, 展开 / 合并, and
 * save. A search narrows the tree to the menus and button codes containing its text (the buttons
 * then act on what shows; grants out of sight are kept), and the tree draws only the rows in
 * view (some 750 nodes when everything is open). The server decides what may be granted and
 * answers a clear message otherwise.
 */
export default function PermissionTreeEditor({ loadTree, loadChecked, save, onSaved, onRuleClick, closable }: PermissionTreeEditorProps) {
  const [tree, setTree] = useState<PermissionTreeNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');

  const guard = useLatestGuard();
  // the grants of another role or department, asked for later, supersede an answer on its way
  const reload = useCallback(async () => {
    setLoading(true);
    const done = await guard.run(
      () => Promise.all([loadTree(), loadChecked()]),
      ([t, c]) => {
        if (!t.success) return void message.warning(t.message || ADMIN_T.loadFailed);
        setTree(t.result.treeList);
        setExpanded(allKeys(t.result.treeList));
        const held = c.success && Array.isArray(c.result) ? c.result : [];
        setChecked(held);
        setLast(held);
      },
    );
    if (done || !guard.pending) setLoading(false);
  }, [loadTree, loadChecked, guard]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const shown = useMemo(() => filterPermissionTree(tree, search), [tree, search]);
  const shownKeys = useMemo(() => new Set(allKeys(shown)), [shown]);
  const narrow = (text: string) => {
    setSearch(text);
    // a search opens every branch it keeps; clearing it opens the whole tree again
    setExpanded(allKeys(filterPermissionTree(tree, text)));
  };

  const treeData = useMemo(() => {
    const map = (nodes: PermissionTreeNode[]): DataNode[] =>
      nodes.map((n) => ({
        key: n.key,
        isLeaf: !n.children?.length,
        title: (
          <span data-perm-key={n.key}>
            {n.title}
            {n.menuType === 2 && n.perms && (
              <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                {n.perms}
              </Typography.Text>
            )}
            {onRuleClick && n.ruleFlag === 1 && (
              <a
                style={{ marginLeft: 8 }}
                onClick={(e) => {
                  e.stopPropagation();
                  onRuleClick(n.key, n.title);
                }}
              >
                {ADMIN_T.dataRule}
              </a>
            )}
          </span>
        ),
        children: n.children?.length ? map(n.children) : undefined,
      }));
    return map(shown);
  }, [shown, onRuleClick]);

  const submit = async (close: boolean) => {
    setSaving(true);
    try {
      const res = await save(checked, last);
      if (res.success) {
        message.success(res.message || ADMIN_T.saved);
        setLast(checked);
        onSaved?.(close);
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Spin style={{ display: 'block', margin: '60px auto' }} />;
  return (
    <div className="permission-tree-editor">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>
          {ADMIN_T.linkParent} <Switch size="small" checked={linked} onChange={setLinked} />
        </span>
        <Button size="small" onClick={() => setChecked(mergeVisibleChecks(checked, shownKeys, [...shownKeys]))}>
          {ADMIN_T.checkAll}
        </Button>
        <Button size="small" onClick={() => setChecked(mergeVisibleChecks(checked, shownKeys, []))}>
          {ADMIN_T.uncheckAll}
        </Button>
        <Button size="small" onClick={() => setExpanded(allKeys(shown))}>
          {ADMIN_T.expandAll}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {ADMIN_T.collapseAll}
        </Button>
      </Space>
      <Input.Search
        placeholder={ADMIN_T.searchPermission}
        allowClear
        onSearch={narrow}
        onChange={(e) => narrow(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Tree
        checkable
        height={treeHeight()}
        checkStrictly={!linked}
        selectable={false}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={linked ? checked : { checked, halfChecked: [] }}
        onCheck={(keys, info) => {
          const now = Array.isArray(keys) ? [...keys.map(String), ...(info.halfCheckedKeys ?? []).map(String)] : keys.checked.map(String);
          setChecked(mergeVisibleChecks(checked, shownKeys, now));
        }}
      />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} onClick={() => void submit(false)} data-testid="perm-save">
          {ADMIN_T.save}
        </Button>
        {closable && (
          <Button loading={saving} onClick={() => void submit(true)} data-testid="perm-save-close">
            {ADMIN_T.saveClose}
          </Button>
        )}
      </Space>
    </div>
  );
}
