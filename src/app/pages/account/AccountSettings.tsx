import { Button, Card, DatePicker, Form, Input, List, Menu, Radio, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { FORM_RULES, toAntdRules } from '../../../shared/form-rules';
import { editOwnInfo } from '../../api/account';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { session, setUserInfo } from '../../stores/session';

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));

interface BasicValues {
  realname: string;
  sex?: number;
  birthday?: Dayjs | null;
  phone?: string;
  email?: string;
}

/** 基本设置: the user's own name, sex, birthday, phone and email (PUT /sys/user/appEdit). */
function BasicSettings() {
  const { userInfo } = useSnapshot(session);
  const [form] = Form.useForm<BasicValues>();
  const [saving, setSaving] = useState(false);
  const u = (userInfo ?? {}) as Record<string, unknown>;
  const onFinish = async (v: BasicValues) => {
    setSaving(true);
    try {
      const res = await editOwnInfo({
        realname: v.realname?.trim(),
        sex: v.sex ? String(v.sex) : undefined,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : undefined,
        phone: v.phone?.trim() || undefined,
        email: v.email?.trim() || undefined,
      });
      if (res.success) {
        if (res.result) setUserInfo(res.result);
        void message.success(res.message);
      } else void message.warning(res.message);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 440 }}
      onFinish={onFinish}
      initialValues={{
        realname: u.realname,
        sex: u.sex ?? undefined,
        birthday: u.birthday ? dayjs(String(u.birthday)) : null,
        phone: u.phone ?? '',
        email: u.email ?? '',
      }}
    >
      <Form.Item
        name="realname"
        label={ACCOUNT_T.realname}
        rules={[{ required: true, whitespace: true, max: 100, message: ACCOUNT_T.realname }]}
      >
        <Input id="settings-realname" />
      </Form.Item>
      <Form.Item name="sex" label={ACCOUNT_T.sex}>
        <Radio.Group
          options={[
            { value: 1, label: ACCOUNT_T.male },
            { value: 2, label: ACCOUNT_T.female },
          ]}
        />
      </Form.Item>
      <Form.Item name="birthday" label={ACCOUNT_T.birthday}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="phone" label={ACCOUNT_T.phone} rules={toAntdRules(FORM_RULES.mobile.filter((r) => !('required' in r)))}>
        <Input id="settings-phone" maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={ACCOUNT_T.emailLabel} rules={toAntdRules(FORM_RULES.email)}>
        <Input id="settings-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {ACCOUNT_T.save}
      </Button>
    </Form>
  );
}

/** 安全设置: account password (opens the change-password modal) and the bound phone. */
function SecuritySettings() {
  const { userInfo } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const phone = String((userInfo as Record<string, unknown> | null)?.phone ?? '');
  return (
    <>
      <List itemLayout="horizontal">
        <List.Item
          actions={[
            <a key="pw" data-testid="settings-change-password" onClick={() => setOpen(true)}>
              {ACCOUNT_T.modify}
            </a>,
          ]}
        >
          <List.Item.Meta title={ACCOUNT_T.accountPassword} description={ACCOUNT_T.accountPasswordDesc} />
        </List.Item>
        <List.Item>
          <List.Item.Meta title={ACCOUNT_T.boundPhone} description={ACCOUNT_T.boundPhoneDesc(phone)} />
        </List.Item>
      </List>
      <Suspense fallback={null}>
        {open && <ChangePasswordModal open username={userInfo?.username ?? ''} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}

/**
 * Account settings /account/settings (spec 1 "account center and settings"): 基本设置 (own
 * basic information) and 安全设置 (change password, bound phone), chosen in the left menu and
 * kept in `?tab=basic|security`. No props.
 */
export default function AccountSettings() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'security' ? 'security' : 'basic';
  return (
    <Card variant="borderless" styles={{ body: { display: 'flex', padding: 0 } }} className="account-settings">
      <Menu
        mode="inline"
        style={{ width: 224, minHeight: 400 }}
        selectedKeys={[tab]}
        onClick={({ key }) => setSearch(key === 'basic' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'basic', label: ACCOUNT_T.basicSettings },
          { key: 'security', label: ACCOUNT_T.securitySettings },
        ]}
      />
      <div style={{ flex: 1, padding: '8px 40px' }}>
        <h3 style={{ fontSize: 20, marginBottom: 12 }}>{tab === 'basic' ? ACCOUNT_T.basicSettings : ACCOUNT_T.securitySettings}</h3>
        {tab === 'basic' ? <BasicSettings /> : <SecuritySettings />}
      </div>
    </Card>
  );
}
