import { useSnapshot } from 'valtio';
import { systemSettings } from '../../stores/system-settings';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FORM_RULES, confirmPasswordRules, toAntdRules } from '../../../shared/form-rules';
import { registerRequest } from '../../api/account';
import { ACCOUNT_T, T } from '../../locale/zh-CN';
import { LOGIN_PATH } from '../../router/constants';
import SmsCodeButton from './SmsCodeButton';
import { errorText } from './usePostLogin';

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  mobile: string;
  captcha: string;
  email?: string;
}

/** Page frame shared by the public account pages (register, alteration): title and a 368 px column. */
export function UserPageFrame({ title, width = 368, children }: { title: string; width?: number; children: ReactNode }) {
  const { platformName } = useSnapshot(systemSettings);
  return (
    <div
      style={{
        minHeight: '100vh',
        background: '#f0f2f5',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        paddingTop: '10vh',
        paddingBottom: 80,
      }}
    >
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        <h1 style={{ fontSize: 33, fontWeight: 600, color: 'rgba(0,0,0,.85)', margin: 0 }}>{platformName}</h1>
      </div>
      <div style={{ width, maxWidth: '90vw' }}>
        <h3 style={{ fontSize: 16, marginBottom: 20 }}>{title}</h3>
        {children}
      </div>
    </div>
  );
}

/**
 * Registration /user/register (spec 2.1, 5.1; api-contract §4.5 POST /sys/user/register): user
 * name, password and its confirmation, mobile with an SMS code (smsmode '1'), optional email.
 * Rules and messages of spec 5.1; the server's message shows when it refuses. On success goes
 * to /user/register-result with the account name. No props.
 */
export default function Register() {
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const onFinish = async (v: RegisterForm) => {
    setLoading(true);
    setError('');
    try {
      const res = await registerRequest({
        username: v.username.trim(),
        password: v.password,
        phone: v.mobile.trim(),
        smscode: v.captcha.trim(),
        ...(v.email?.trim() ? { email: v.email.trim() } : {}),
      });
      if (res.success) navigate('/user/register-result', { state: { username: v.username.trim() } });
      else setError(res.message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <UserPageFrame title={ACCOUNT_T.registerTitle}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} size="large" onFinish={onFinish} autoComplete="off">
        <Form.Item name="username" rules={toAntdRules(FORM_RULES.username)}>
          <Input id="reg-username" prefix={<UserOutlined />} placeholder={T.username} />
        </Form.Item>
        <Form.Item name="password" rules={toAntdRules(FORM_RULES.newPassword)}>
          <Input.Password id="reg-password" prefix={<LockOutlined />} placeholder={T.password} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          dependencies={['password']}
          rules={toAntdRules(confirmPasswordRules(() => form.getFieldValue('password')))}
        >
          <Input.Password
            id="reg-password2"
            prefix={<LockOutlined />}
            placeholder={ACCOUNT_T.confirmPassword}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="mobile" rules={toAntdRules(FORM_RULES.mobile)}>
          <Input id="reg-mobile" prefix={<MobileOutlined />} placeholder={ACCOUNT_T.mobile} maxLength={11} />
        </Form.Item>
        <Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: ACCOUNT_T.needSmsCode }]}>
              <Input
                id="reg-code"
                prefix={<SafetyCertificateOutlined />}
                placeholder={ACCOUNT_T.smsCode}
                maxLength={6}
                style={{ flex: 1 }}
              />
            </Form.Item>
            <SmsCodeButton
              id="reg-get-code"
              smsmode="1"
              getMobile={() =>
                form
                  .validateFields(['mobile'])
                  .then((v) => String(v.mobile).trim())
                  .catch(() => null)
              }
            />
          </div>
        </Form.Item>
        <Form.Item name="email" rules={toAntdRules(FORM_RULES.email)}>
          <Input id="reg-email" prefix={<MailOutlined />} placeholder={ACCOUNT_T.email} />
        </Form.Item>
        <Form.Item>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Button type="primary" htmlType="submit" loading={loading} style={{ width: '50%' }}>
              {ACCOUNT_T.registerButton}
            </Button>
            <Link to={LOGIN_PATH}>{ACCOUNT_T.useAccountLogin}</Link>
          </div>
        </Form.Item>
      </Form>
    </UserPageFrame>
  );
}
