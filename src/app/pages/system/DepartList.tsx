import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Input, Popconfirm, Row, Space, Tabs, Tree, message } from 'antd';
import { useLatestGuard } from '../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import DepartForm, { type DepartNode } from './admin/DepartForm';
import DepartRoles from './admin/DepartRoles';
import DepartUsers from './admin/DepartUsers';
import PermissionTreeEditor, { type PermissionTreeNode } from './admin/PermissionTreeEditor';
import { ADMIN_T } from './admin/texts';

const findNode = (nodes: DepartNode[], id: string | null): DepartNode | null => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return null;
};

/**
 * 部门管理 (/isystem/depart, component system/DepartList): the department tree
 * on the left (search by name, 添加一级部门, 添加下级, 删除 — refused by the server for a
 * department with sub-departments or users), and on the right the selected department's
 * 基本信息 form, 部门权限 (the permissions its roles may be given), 部门角色 and 部门用户.
 */
export default function DepartList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const can = (a: string) => hasPermission(`system:depart:${a}`, { auth, allAuth });
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [found, setFound] = useState<DepartNode[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parentId: string | null } | null>(null);

  const guard = useLatestGuard();
  const load = useCallback(
    () =>
      guard.run(
        () => request.get<DepartNode[]>('/sys/sysDepart/queryTreeList'),
        (res) => (res.success ? setTree(res.result) : message.warning(res.message)),
      ),
    [request, guard],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const search = async (keyWord: string) => {
    if (!keyWord.trim()) return setFound(null);
    const res = await request.get<DepartNode[]>('/sys/sysDepart/searchBy', { keyWord: keyWord.trim() });
    if (res.success) setFound(res.result);
  };

  const current = useMemo(() => findNode(tree, selected), [tree, selected]);
  const remove = async () => {
    if (!current) return;
    const res = await request.delete('/sys/sysDepart/delete', { id: current.id });
    if (res.success) {
      message.success(res.message);
      setSelected(null);
      void load();
    } else message.warning(res.message);
  };

  const loadTree = useCallback(
    () => request.get<{ treeList: PermissionTreeNode[]; ids: string[] }>('/sys/permission/queryTreeList'),
    [request],
  );
  const loadChecked = useCallback(
    () => request.get<string[]>('/sys/permission/queryDepartPermission', { departId: selected ?? '' }),
    [request, selected],
  );
  const savePerms = useCallback(
    (ids: string[], last: string[]) =>
      request.post('/sys/permission/saveDepartPermission', {
        departId: selected,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      }),
    [request, selected],
  );

  const form = adding ? (
    <DepartForm
      value={{ parentId: adding.parentId }}
      parentName={adding.parentId ? findNode(tree, adding.parentId)?.departName : undefined}
      editable
      onSaved={(id) => {
        setAdding(null);
        setSelected(id);
        void load();
      }}
    />
  ) : current ? (
    <Tabs
      items={[
        {
          key: 'info',
          label: ADMIN_T.basicInfo,
          children: <DepartForm value={current} editable={can('edit')} onSaved={() => void load()} />,
        },
        ...(can('authorize')
          ? [
              {
                key: 'perm',
                label: ADMIN_T.departPermission,
                children: <PermissionTreeEditor key={current.id} loadTree={loadTree} loadChecked={loadChecked} save={savePerms} />,
              },
            ]
          : []),
        {
          key: 'roles',
          label: ADMIN_T.departRoles,
          children: <DepartRoles departId={current.id} editable={can('role')} authorizable={can('authorize')} />,
        },
        { key: 'users', label: ADMIN_T.departUsers, children: <DepartUsers departId={current.id} editable={can('user')} /> },
      ]}
    />
  ) : (
    <Empty description={ADMIN_T.selectDepartFirst} />
  );

  return (
    <Row gutter={12} className="depart-list">
      <Col xs={24} md={9}>
        <Card variant="borderless">
          <Space wrap style={{ marginBottom: 12 }}>
            {can('add') && (
              <Button type="primary" onClick={() => setAdding({ parentId: null })}>
                {ADMIN_T.addRootDepart}
              </Button>
            )}
            {can('add') && (
              <Button disabled={!current} onClick={() => current && setAdding({ parentId: current.id })}>
                {ADMIN_T.addSubDepart}
              </Button>
            )}
            {can('delete') && (
              <Popconfirm title={ADMIN_T.confirmDeleteDepart(current?.departName ?? '')} onConfirm={remove} disabled={!current}>
                <Button danger disabled={!current}>
                  {ADMIN_T.delete}
                </Button>
              </Popconfirm>
            )}
          </Space>
          <Input.Search placeholder={ADMIN_T.searchDepart} allowClear onSearch={(v) => void search(v)} style={{ marginBottom: 12 }} />
          {tree.length > 0 && (
            <Tree<DepartNode>
              key={found ? 'found' : 'tree'}
              treeData={(found ?? tree) as never}
              fieldNames={{ title: 'departName', key: 'id', children: 'children' }}
              defaultExpandedKeys={tree.map((n) => n.id)}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => {
                setAdding(null);
                setSelected(keys.length ? String(keys[0]) : null);
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={15}>
        <Card variant="borderless">{form}</Card>
      </Col>
    </Row>
  );
}
