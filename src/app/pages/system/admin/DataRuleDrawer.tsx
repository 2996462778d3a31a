import { useCallback, useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, message } from 'antd';
import { useLatestGuard } from '../../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { ADMIN_T } from './texts';
import { innerEscProps } from '../../../../../registry/components/j-modal/index';

interface RuleRow {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

/** The fixed operators of data rules (docs/architecture.md "Permission model"; stored as JeecgBoot's rule_conditions values). */
const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'];

export interface DataRuleDrawerProps {
  permissionId: string;
  title: string;
  /** The caller holds `system:permission:data_rule` (add, edit, delete shown). */
  editable: boolean;
  onClose: () => void;
}

/**
 * The data rules of one menu (spec 7.2 getPermRuleListByPermId, add/edit/deletePermissionRule;
 * docs/architecture.md "Permission model", data rules): column, an operator from the fixed set, a value that may use the
 * system variables, status. Roles receive them in the role authorisation drawer.
 */
export default function DataRuleDrawer({ permissionId, title, editable, onClose }: DataRuleDrawerProps) {
  const { request } = useRuntimeContext();
  const [rows, setRows] = useState<RuleRow[]>([]);
  const [editing, setEditing] = useState<Partial<RuleRow> | null>(null);
  const [form] = Form.useForm<RuleRow>();
  const R = ADMIN_T.rule;

  const guard = useLatestGuard();
  const load = useCallback(
    () =>
      guard.run(
        () => request.get<RuleRow[]>('/sys/permission/getPermRuleListByPermId', { permissionId }),
        (res) => (res.success ? setRows(res.result) : message.warning(res.message)),
      ),
    [request, permissionId, guard],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    let values: RuleRow;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { ...editing, ...values, permissionId };
    const res = editing?.id
      ? await request.put('/sys/permission/editPermissionRule', body)
      : await request.post('/sys/permission/addPermissionRule', body);
    if (res.success) {
      message.success(res.message);
      setEditing(null);
      void load();
    } else message.warning(res.message);
  };

  const remove = async (id: string) => {
    const res = await request.delete('/sys/permission/deletePermissionRule', { id });
    if (res.success) void load();
    else message.warning(res.message);
  };

  return (
    <Drawer title={`${ADMIN_T.dataRuleTitle}：${title}`} width={720} open onClose={onClose} destroyOnHidden>
      {editable && (
        <Button
          type="primary"
          style={{ marginBottom: 12 }}
          onClick={() => {
            form.setFieldsValue({ ruleName: '', ruleColumn: '', ruleConditions: '=', ruleValue: '', status: '1' });
            setEditing({});
          }}
        >
          {R.add}
        </Button>
      )}
      <Table<RuleRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: R.ruleName, dataIndex: 'ruleName' },
          { title: R.ruleColumn, dataIndex: 'ruleColumn' },
          { title: R.ruleConditions, dataIndex: 'ruleConditions' },
          { title: R.ruleValue, dataIndex: 'ruleValue' },
          { title: R.status, dataIndex: 'status', render: (v: string) => ADMIN_T.statuses[v] ?? v },
          {
            title: ADMIN_T.col.action,
            render: (_: unknown, row) =>
              editable && (
                <Space>
                  <a
                    onClick={() => {
                      form.setFieldsValue(row);
                      setEditing(row);
                    }}
                  >
                    {ADMIN_T.edit}
                  </a>
                  <Popconfirm title={ADMIN_T.confirmDelete} onConfirm={() => remove(row.id)}>
                    <a>{ADMIN_T.delete}</a>
                  </Popconfirm>
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
          {...innerEscProps(() => setEditing(null))}
        >
          <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
            <Form.Item
              name="ruleName"
              label={R.ruleName}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(R.ruleName) }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="ruleColumn"
              label={R.ruleColumn}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(R.ruleColumn) }]}
            >
              <Input placeholder="createBy" />
            </Form.Item>
            <Form.Item name="ruleConditions" label={R.ruleConditions} rules={[{ required: true }]}>
              <Select options={OPERATORS.map((o) => ({ value: o, label: o }))} />
            </Form.Item>
            <Form.Item
              name="ruleValue"
              label={R.ruleValue}
              extra={R.valueHint}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(R.ruleValue) }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="status" label={R.status}>
              <Radio.Group options={Object.entries(ADMIN_T.statuses).map(([v, l]) => ({ value: v, label: l }))} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Drawer>
  );
}
