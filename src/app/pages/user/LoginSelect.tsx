import { BankOutlined } from '@ant-design/icons';
import { Avatar, Form, Select, Tooltip, message } from 'antd';
import { useState } from 'react';
import { selectDepart } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import { JModal } from '../../../../registry/components/j-modal/index.js';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { setUserInfo } from '../../stores/session';
import { TENANT_ID, setItem } from '../../utils/storage';

interface Choice {
  orgCode?: string;
  tenantId?: string | number;
}

/**
 * After login: a user with several departments (multi_depart 2) and/or several tenants picks
 * one (spec 4.6 "Department selection required before confirm", api-contract §2.2). Title 部门选择
 * (租户选择 / 部门/租户选择); nothing is preselected and OK without a choice marks the field.
 * The department goes to PUT /sys/selectDepart (user info re-stored 7 days, spec 7.1); the
 * tenant is stored as TENANT_ID for the `tenant-id` header. The dialog cannot be dismissed.
 * Props: result — the login result; onDone — called when the choice is saved. Returns the modal.
 */
export default function LoginSelect({ result, onDone }: { result: LoginResult; onDone: () => void }) {
  const [form] = Form.useForm<Choice>();
  const [saving, setSaving] = useState(false);
  const departs = Number(result.multi_depart) === 2 ? (result.departs ?? []) : [];
  const tenants = (result.tenantList ?? []).length > 1 ? (result.tenantList ?? []) : [];
  const title =
    departs.length && tenants.length
      ? ACCOUNT_T.selectBothTitle
      : departs.length
        ? ACCOUNT_T.selectDepartTitle
        : ACCOUNT_T.selectTenantTitle;

  /** Validates and saves the choice; always false: the caller unmounts the dialog in onDone. */
  const onOk = async (): Promise<false> => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (values.orgCode) {
        const res = await selectDepart(values.orgCode, result.userInfo.username);
        if (!res.success) {
          void message.warning(res.message);
          return false;
        }
        if (res.result?.userInfo) setUserInfo(res.result.userInfo);
      }
      if (values.tenantId !== undefined) setItem(TENANT_ID, values.tenantId);
      onDone();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
    return false;
  };

  return (
    <JModal
      open
      title={title}
      width={450}
      closable={false}
      keyboard={false}
      okClose={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={saving}
      onOk={onOk}
      wrapClassName="login-select-modal"
    >
      <Form form={form} layout="vertical">
        {departs.length > 0 && (
          <Form.Item
            name="orgCode"
            label={
              <span>
                <Tooltip title={ACCOUNT_T.departTip}>
                  <Avatar size="small" style={{ backgroundColor: '#87d068', marginRight: 8 }} icon={<BankOutlined />} />
                </Tooltip>
                {ACCOUNT_T.departLabel}
              </span>
            }
            rules={[{ required: true, message: ACCOUNT_T.needDepart }]}
          >
            <Select
              id="login-select-depart"
              placeholder={ACCOUNT_T.needDepart}
              options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        )}
        {tenants.length > 0 && (
          <Form.Item name="tenantId" label={ACCOUNT_T.tenantLabel} rules={[{ required: true, message: ACCOUNT_T.needTenant }]}>
            <Select
              id="login-select-tenant"
              placeholder={ACCOUNT_T.needTenant}
              options={tenants.map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </JModal>
  );
}
