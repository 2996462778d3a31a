import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, message } from 'antd';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { ADMIN_T } from './texts';

/** A department node of /sys/sysDepart/queryTreeList with every field (holders of 部门管理). */
export interface DepartNode {
  id: string;
  key: string;
  title: string;
  departName: string;
  orgCode: string;
  parentId: string | null;
  orgCategory?: string;
  departOrder?: number;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  description?: string | null;
  children?: DepartNode[];
}

export interface DepartFormProps {
  /** The department edited, or `{parentId}` for a new one (parentId null: a top-level one). */
  value: Partial<DepartNode>;
  /** Name of the parent shown above a new department. */
  parentName?: string;
  editable: boolean;
  onSaved: (id: string) => void;
}

const D = ADMIN_T.depart;

/**
 * The right-hand form of the department pane (spec 7.2 sysDepart add/edit): name, category,
 * order and contact fields; orgCode is shown, never typed (the server generates it).
 */
export default function DepartForm({ value, parentName, editable, onSaved }: DepartFormProps) {
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<DepartNode>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ orgCategory: '2', departOrder: 0, ...value });
  }, [form, value]);

  const save = async () => {
    let values: DepartNode;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { ...values, id: value.id, parentId: value.parentId ?? null };
      const res = value.id ? await request.put('/sys/sysDepart/edit', body) : await request.post<string>('/sys/sysDepart/add', body);
      if (res.success) {
        message.success(res.message);
        onSaved(value.id ?? String(res.result));
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} disabled={!editable} className="depart-form">
      {!value.id && (
        <Form.Item label={D.parent}>
          <span>{parentName ?? '—'}</span>
        </Form.Item>
      )}
      <Form.Item
        name="departName"
        label={D.departName}
        rules={[{ required: true, whitespace: true, message: ADMIN_T.required(D.departName) }]}
      >
        <Input />
      </Form.Item>
      {value.id && (
        <Form.Item name="orgCode" label={D.orgCode}>
          <Input disabled />
        </Form.Item>
      )}
      <Form.Item name="orgCategory" label={D.orgCategory}>
        <Radio.Group options={Object.entries(ADMIN_T.orgCategories).map(([v, l]) => ({ value: v, label: l }))} />
      </Form.Item>
      <Form.Item name="departOrder" label={D.departOrder}>
        <InputNumber />
      </Form.Item>
      <Form.Item name="mobile" label={D.mobile}>
        <Input />
      </Form.Item>
      <Form.Item name="fax" label={D.fax}>
        <Input />
      </Form.Item>
      <Form.Item name="address" label={D.address}>
        <Input />
      </Form.Item>
      <Form.Item name="memo" label={D.memo}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {editable && (
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="depart-save">
            {ADMIN_T.save}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}
