import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Popconfirm, Row, Space, Tabs, Tree, message } from 'antd';
import { useLatestGuard } from '../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import PermissionTreeEditor, { type PermissionTreeNode } from './admin/PermissionTreeEditor';
import { ADMIN_T } from './admin/texts';

interface OsNode {
  id: string;
  osName: string;
  osCode: string;
  osOrder?: number;
  description?: string | null;
  parentId: string | null;
  children?: OsNode[];
}

const findNode = (nodes: OsNode[], id: string | null): OsNode | null => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return null;
};

const O = ADMIN_T.os;

/**
 * 组织单元 (/isystem/os, component system/OsList, spec 7.2 "OS"): the unit tree
 * (/sys/sysOs/queryTreeList), add (top level or under the selected unit; the code is
 * generated), edit, delete (refused for units with sub-units or users) and the unit's
 * permissions (queryOsPermission / saveOsPermission).
 */
export default function OsList() {
  const { request, auth, allAuth } = useRuntimeContext();
  const can = (a: string) => hasPermission(`system:os:${a}`, { auth, allAuth });
  const [tree, setTree] = useState<OsNode[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parentId: string | null } | null>(null);
  const [form] = Form.useForm<OsNode>();

  const guard = useLatestGuard();
  const load = useCallback(
    () =>
      guard.run(
        () => request.get<OsNode[]>('/sys/sysOs/queryTreeList'),
        (res) => res.success && setTree(res.result),
      ),
    [request, guard],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const current = useMemo(() => findNode(tree, selected), [tree, selected]);
  useEffect(() => {
    form.resetFields();
    if (!adding && current) form.setFieldsValue(current);
  }, [form, current, adding]);

  const save = async () => {
    let values: OsNode;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const res = adding
      ? await request.post<string>('/sys/sysOs/add', { ...values, parentId: adding.parentId })
      : await request.put('/sys/sysOs/edit', { ...values, id: current?.id });
    if (res.success) {
      message.success(res.message);
      if (adding) setSelected(String(res.result));
      setAdding(null);
      void load();
    } else message.warning(res.message);
  };

  const remove = async () => {
    if (!current) return;
    const res = await request.delete('/sys/sysOs/delete', { id: current.id });
    if (res.success) {
      setSelected(null);
      void load();
    } else message.warning(res.message);
  };

  const loadTree = useCallback(
    () => request.get<{ treeList: PermissionTreeNode[]; ids: string[] }>('/sys/permission/queryTreeList'),
    [request],
  );
  const loadChecked = useCallback(
    () => request.get<string[]>('/sys/permission/queryOsPermission', { osId: selected ?? '' }),
    [request, selected],
  );
  const savePerms = useCallback(
    (ids: string[], last: string[]) =>
      request.post('/sys/permission/saveOsPermission', { osId: selected, permissionIds: ids.join(','), lastpermissionIds: last.join(',') }),
    [request, selected],
  );

  const editor = (
    <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} disabled={!adding && !can('edit')}>
      {!adding && (
        <Form.Item name="osCode" label={O.osCode}>
          <Input disabled />
        </Form.Item>
      )}
      <Form.Item name="osName" label={O.osName} rules={[{ required: true, whitespace: true, message: ADMIN_T.required(O.osName) }]}>
        <Input />
      </Form.Item>
      <Form.Item name="osOrder" label={O.osOrder}>
        <InputNumber />
      </Form.Item>
      <Form.Item name="description" label={O.description}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {(adding || can('edit')) && (
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" onClick={() => void save()}>
            {ADMIN_T.save}
          </Button>
        </Form.Item>
      )}
    </Form>
  );

  return (
    <Row gutter={12} className="os-list">
      <Col xs={24} md={9}>
        <Card variant="borderless">
          <Space wrap style={{ marginBottom: 12 }}>
            {can('add') && (
              <Button type="primary" onClick={() => setAdding({ parentId: null })}>
                {ADMIN_T.addRootOs}
              </Button>
            )}
            {can('add') && (
              <Button disabled={!current} onClick={() => current && setAdding({ parentId: current.id })}>
                {ADMIN_T.addSubDepart}
              </Button>
            )}
            {can('delete') && (
              <Popconfirm title={ADMIN_T.confirmDeleteOs(current?.osName ?? '')} onConfirm={remove} disabled={!current}>
                <Button danger disabled={!current}>
                  {ADMIN_T.delete}
                </Button>
              </Popconfirm>
            )}
          </Space>
          {tree.length > 0 && (
            <Tree
              treeData={tree as never}
              fieldNames={{ title: 'osName', key: 'id', children: 'children' }}
              defaultExpandAll
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
        <Card variant="borderless">
          {adding ? (
            editor
          ) : current ? (
            <Tabs
              items={[
                { key: 'info', label: ADMIN_T.basicInfo, children: editor },
                ...(can('authorize')
                  ? [
                      {
                        key: 'perm',
                        label: ADMIN_T.osPermission,
                        children: <PermissionTreeEditor key={current.id} loadTree={loadTree} loadChecked={loadChecked} save={savePerms} />,
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            <Empty description={ADMIN_T.selectOsFirst} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
