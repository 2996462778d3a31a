import { useCallback, useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Space, Table, message } from 'antd';
import { useLatestGuard } from '../../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import PermissionTreeEditor, { type PermissionTreeNode } from './PermissionTreeEditor';
import { ADMIN_T } from './texts';

interface DeptRole {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface DepartRolesProps {
  departId: string;
  /** `system:depart:role` held: add, edit, delete. */
  editable: boolean;
  /** `system:depart:authorize` held: 授权. */
  authorizable: boolean;
}

const R = ADMIN_T.role;

/**
 * 部门角色 tab of the department pane (JeecgBoot /sys/sysDepartRole): the department's roles,
 * add / edit / delete, and 授权 from the department's own permissions
 * (queryTreeListForDeptRole, saveDeptRolePermission).
 */
export default function DepartRoles({ departId, editable, authorizable }: DepartRolesProps) {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<DeptRole[]>([]);
  const [editing, setEditing] = useState<Partial<DeptRole> | null>(null);
  const [granting, setGranting] = useState<DeptRole | null>(null);
  const [form] = Form.useForm<DeptRole>();

  const guard = useLatestGuard();
  const load = useCallback(
    () =>
      guard.run(
        () => request.get<{ records: DeptRole[] }>('/sys/sysDepartRole/list', { deptId: departId, pageSize: 100 }),
        (res) => res.success && setRows(res.result.records),
      ),
    [request, departId, guard],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    let values: DeptRole;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { ...editing, ...values, departId };
    const res = editing?.id ? await request.put('/sys/sysDepartRole/edit', body) : await request.post('/sys/sysDepartRole/add', body);
    if (res.success) {
      setEditing(null);
      void load();
    } else message.warning(res.message);
  };

  const loadTree = useCallback(
    () => request.get<{ treeList: PermissionTreeNode[]; ids: string[] }>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }),
    [request, departId],
  );
  const loadChecked = useCallback(
    () => request.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId: granting?.id ?? '' }),
    [request, granting],
  );
  const saveGrant = useCallback(
    (ids: string[], last: string[]) =>
      request.post('/sys/sysDepartPermission/saveDeptRolePermission', {
        roleId: granting?.id,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      }),
    [request, granting],
  );

  return (
    <>
      {editable && (
        <Button
          type="primary"
          style={{ marginBottom: 12 }}
          onClick={() => {
            form.resetFields();
            setEditing({});
          }}
        >
          {R.add}
        </Button>
      )}
      <Table<DeptRole>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: R.roleName, dataIndex: 'roleName' },
          { title: R.roleCode, dataIndex: 'roleCode' },
          { title: R.description, dataIndex: 'description' },
          {
            title: ADMIN_T.col.action,
            render: (_: unknown, row) => (
              <Space>
                {editable && (
                  <a
                    onClick={() => {
                      form.setFieldsValue(row);
                      setEditing(row);
                    }}
                  >
                    {ADMIN_T.edit}
                  </a>
                )}
                {authorizable && <a onClick={() => setGranting(row)}>{ADMIN_T.authorize}</a>}
                {editable && (
                  <Popconfirm
                    title={ADMIN_T.confirmDelete}
                    onConfirm={async () => {
                      const res = await request.delete('/sys/sysDepartRole/delete', { id: row.id });
                      if (res.success) void load();
                      else message.warning(res.message);
                    }}
                  >
                    <a>{ADMIN_T.delete}</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <Modal
          open
          title={editing.id ? ADMIN_T.edit : R.add}
          onCancel={() => setEditing(null)}
          onOk={save}
          maskClosable={false}
          destroyOnHidden
        >
          <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
            <Form.Item
              name="roleName"
              label={R.roleName}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(R.roleName) }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="roleCode"
              label={R.roleCode}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(R.roleCode) }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="description" label={R.description}>
              <Input />
            </Form.Item>
          </Form>
        </Modal>
      )}
      <Drawer
        title={granting ? ADMIN_T.roleAuthorizeTitle(granting.roleName) : ''}
        width={600}
        open={!!granting}
        onClose={() => setGranting(null)}
        destroyOnHidden
      >
        {granting && (
          <PermissionTreeEditor
            key={granting.id}
            loadTree={loadTree}
            loadChecked={loadChecked}
            save={saveGrant}
            closable
            onSaved={(c) => c && setGranting(null)}
          />
        )}
      </Drawer>
    </>
  );
}
