import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Divider, Input, Popconfirm, Space, Table, Tag, message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLatestGuard } from '../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import MenuModal, { type MenuNode } from './admin/MenuModal';
import DataRuleDrawer from './admin/DataRuleDrawer';
import { ADMIN_T } from './admin/texts';

const C = ADMIN_T.col;

/**
 * 菜单管理 (/isystem/permission, component system/PermissionList): the menu
 * tree (directories, menus and buttons) from /sys/permission/list as a tree table with name
 * search; add, 添加下级, edit and delete (subtree included) for holders of
 * `system:permission:add|edit|delete`, and each menu's data rules (`system:permission:data_rule`).
 */
export default function PermissionList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const can = (a: string) => hasPermission(`system:permission:${a}`, { auth, allAuth });
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Partial<MenuNode> | null>(null);
  const [rules, setRules] = useState<MenuNode | null>(null);

  const guard = useLatestGuard();
  // a later search supersedes an answer still on its way
  const load = useCallback(async () => {
    setLoading(true);
    const done = await guard.run(
      () => request.get<MenuNode[]>('/sys/permission/list', name ? { name } : undefined),
      (res) => (res.success ? setTree(res.result) : message.warning(res.message)),
    );
    if (done || !guard.pending) setLoading(false);
  }, [request, name, guard]);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (id: string) => {
    const res = await request.delete('/sys/permission/delete', { id });
    if (res.success) {
      message.success(res.message);
      void load();
    } else message.warning(res.message);
  };

  return (
    <Card variant="borderless" className="permission-list">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search placeholder={C.name} allowClear onSearch={setName} style={{ width: 240 }} />
        {can('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ menuType: 0 })}>
            {ADMIN_T.addMenu}
          </Button>
        )}
      </Space>
      <Table<MenuNode>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        dataSource={tree}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: C.name, dataIndex: 'name', width: 260 },
          {
            title: C.menuType,
            dataIndex: 'menuType',
            render: (t: number) => <Tag color={t === 2 ? 'orange' : t === 1 ? 'blue' : 'green'}>{ADMIN_T.menuTypes[t]}</Tag>,
          },
          { title: C.icon, dataIndex: 'icon' },
          { title: C.component, dataIndex: 'component' },
          { title: C.url, dataIndex: 'url' },
          { title: C.perms, dataIndex: 'perms' },
          { title: C.status, dataIndex: 'status', render: (s: string, r) => (r.menuType === 2 ? (ADMIN_T.statuses[s] ?? s) : '') },
          { title: C.sortNo, dataIndex: 'sortNo', align: 'right' },
          {
            title: C.action,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space split={<Divider type="vertical" />} size={0}>
                {can('edit') && <a onClick={() => setEditing(row)}>{ADMIN_T.edit}</a>}
                {can('add') && row.menuType !== 2 && (
                  <a onClick={() => setEditing({ parentId: row.id, menuType: 1 })}>{ADMIN_T.addChild}</a>
                )}
                {row.menuType !== 2 && <a onClick={() => setRules(row)}>{ADMIN_T.dataRule}</a>}
                {can('delete') && (
                  <Popconfirm title={ADMIN_T.confirmDeleteMenu} onConfirm={() => remove(row.id)}>
                    <a>{ADMIN_T.delete}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <MenuModal
          tree={tree}
          value={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {rules && <DataRuleDrawer permissionId={rules.id} title={rules.name} editable={can('data_rule')} onClose={() => setRules(null)} />}
    </Card>
  );
}
