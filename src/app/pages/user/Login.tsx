import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, notification } from 'antd';
import { isAxiosError } from 'axios';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResult } from '../../api/types';
import { T } from '../../locale/zh-CN';
import { safeRedirect } from '../../router/constants';
import { loadPermissions } from '../../stores/permission';
import { LoginRejectedError, login, logout } from '../../stores/session';
import { timeFix } from '../../utils/greeting';
import { useCaptcha } from './useCaptcha';

const LoginSelect = lazy(() => import('./LoginSelect'));

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
  remember_me: boolean;
}

function errorText(err: unknown): string {
  if (err instanceof LoginRejectedError) return err.response.message || err.message;
  if (isAxiosError<{ message?: string }>(err)) return err.response?.data?.message || err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The login page /user/login (spec 1, 2.3, 7.1): 用户名 / 密码 / 验证码 (image from
 * /sys/randomImage/{key}; hidden when the server switched captcha off). On success (code 200)
 * the session is stored, a department/tenant choice is asked when several exist, permissions
 * load and the visitor goes to `redirect` or /dashboard/analysis. Failures show the server
 * message and refresh the captcha. No props; returns the page.
 */
export default function Login() {
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const captcha = useCaptcha();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [selectFor, setSelectFor] = useState<LoginResult | null>(null);

  const finish = async () => {
    try {
      await loadPermissions();
      notification.success({ message: T.welcome, description: `${timeFix()}，${T.welcomeBack}` });
      navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch (err) {
      setError(errorText(err));
      await logout();
      captcha.refresh();
      setLoading(false);
    }
  };

  const onFinish = async (values: LoginForm) => {
    setLoading(true);
    setError('');
    try {
      const res = await login({
        username: values.username.trim(),
        password: values.password,
        captcha: captcha.enabled ? values.captcha : undefined,
        checkKey: captcha.checkKey,
        remember_me: values.remember_me,
      });
      const multiDepart = Number(res.result.multi_depart) === 2 && (res.result.departs?.length ?? 0) > 1;
      if (multiDepart || (res.result.tenantList?.length ?? 0) > 1) setSelectFor(res.result);
      else await finish();
    } catch (err) {
      setError(errorText(err));
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setLoading(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        background: '#f0f2f5',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        paddingTop: '12vh',
      }}
    >
      <div style={{ textAlign: 'center', marginBottom: 40 }}>
        <h1 style={{ fontSize: 33, fontWeight: 600, color: 'rgba(0,0,0,.85)', margin: 0 }}>{T.platformName}</h1>
        <div style={{ fontSize: 14, color: 'rgba(0,0,0,.45)', marginTop: 12 }}>{T.loginSubtitle}</div>
      </div>
      <div style={{ width: 368, maxWidth: '90vw' }}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
        <Form form={form} size="large" onFinish={onFinish} initialValues={{ remember_me: true }} autoComplete="off">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: T.needUsername }]}>
            <Input id="username" prefix={<UserOutlined />} placeholder={T.username} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: T.needPassword }]}>
            <Input.Password id="password" prefix={<LockOutlined />} placeholder={T.password} autoComplete="current-password" />
          </Form.Item>
          {captcha.enabled && (
            <Form.Item>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: T.needCaptcha }]}>
                  <Input id="captcha" prefix={<SafetyCertificateOutlined />} placeholder={T.captcha} style={{ flex: 1 }} />
                </Form.Item>
                <div
                  role="button"
                  title={T.captchaRefresh}
                  onClick={captcha.refresh}
                  style={{
                    width: 120,
                    height: 40,
                    cursor: 'pointer',
                    border: '1px solid #d9d9d9',
                    borderRadius: 6,
                    overflow: 'hidden',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: 'rgba(0,0,0,.45)',
                  }}
                >
                  {captcha.image ? <img src={captcha.image} alt={T.captcha} style={{ width: '100%', height: '100%' }} /> : T.captchaRefresh}
                </div>
              </div>
            </Form.Item>
          )}
          <Form.Item name="remember_me" valuePropName="checked">
            <Checkbox>{T.rememberMe}</Checkbox>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              {T.loginButton}
            </Button>
          </Form.Item>
        </Form>
      </div>
      {selectFor && (
        <Suspense fallback={null}>
          <LoginSelect
            result={selectFor}
            onDone={() => {
              setSelectFor(null);
              void finish();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
