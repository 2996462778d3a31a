import { Form, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { selectDepart } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import { T } from '../../locale/zh-CN';
import { setUserInfo } from '../../stores/session';
import { TENANT_ID, setItem } from '../../utils/storage';

interface Choice {
  orgCode?: string;
  tenantId?: string | number;
}

/**
 * After login: lets a user with several departments (multi_depart 2) and/or several tenants pick
 * one (api-contract §2.2). The department goes to PUT /sys/selectDepart (user info re-stored 7
 * days, spec 7.1); the tenant is stored as TENANT_ID for the `tenant-id` header.
 * Props: result — the login result; onDone — called when the choice is saved. Returns the modal.
 */
export default function LoginSelect({ result, onDone }: { result: LoginResult; onDone: () => void }) {
  const [form] = Form.useForm<Choice>();
  const [saving, setSaving] = useState(false);
  const departs = Number(result.multi_depart) === 2 ? (result.departs ?? []) : [];
  const tenants = (result.tenantList ?? []).length > 1 ? (result.tenantList ?? []) : [];

  const onOk = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (values.orgCode && values.orgCode !== result.userInfo.orgCode) {
        const res = await selectDepart(values.orgCode, result.userInfo.username);
        if (res.success && res.result?.userInfo) setUserInfo(res.result.userInfo);
        else if (!res.success) void message.warning(res.message);
      }
      if (values.tenantId !== undefined) setItem(TENANT_ID, values.tenantId);
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={T.selectTitle}
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={saving}
      onOk={onOk}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ orgCode: result.userInfo.orgCode || departs[0]?.orgCode, tenantId: tenants[0]?.id }}
      >
        {departs.length > 0 && (
          <Form.Item name="orgCode" label={T.selectDepart} rules={[{ required: true }]}>
            <Select options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))} />
          </Form.Item>
        )}
        {tenants.length > 0 && (
          <Form.Item name="tenantId" label={T.selectTenant} rules={[{ required: true }]}>
            <Select options={tenants.map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
