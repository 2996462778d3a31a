import { LockOutlined, SafetyCertificateOutlined, UserOutlined, LoginOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Spin, Tooltip, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fetchThirdSources, thirdLoginStartUrl, type ThirdSource } from '../../api/account';
import { ACCOUNT_T, T } from '../../locale/zh-CN';
import { useSnapshot } from 'valtio';
import { takeEarlySubmit } from '../../prerender';
import { systemSettings } from '../../stores/system-settings';
import { login, phoneLogin } from '../../stores/session';
import LoginTabs from './LoginTabs';
import type { PhoneLoginValues } from './PhoneLoginForm';
import { useCaptcha } from './useCaptcha';
import { errorText, usePostLogin } from './usePostLogin';

const PhoneLoginForm = lazy(() => import('./PhoneLoginForm'));

interface AccountForm {
  username: string;
  password: string;
  captcha?: string;
  remember_me: boolean;
}

/**
 * The login page /user/login (spec 1, 2.1, 2.3, 4.6, 7.1):
 * - 账号密码登录: 用户名 / 密码 / 验证码 (image from /sys/randomImage/{key}; hidden when the
 *   server switched captcha off);
 * - 手机号登录: 手机号 and the SMS code; 获取验证码 works once the slider verification shows
 *   验证通过 (dragged to the full width; released early it snaps back), then counts down 60 s;
 * - links 注册账户 (/user/register) and 忘记密码 (/user/alteration), and the third-party
 *   sign-in buttons of the configured providers (/sys/thirdLogin/sources).
 * A login whose answer code is not 200 is refused with the server's message (spec 8). On
 * success: department/tenant choice when several exist, permissions, then `redirect` or
 * /dashboard/analysis. No props; returns the page.
 */
export default function Login() {
  const { platformName, noticeText } = useSnapshot(systemSettings);
  const { token } = theme.useToken();
  const [accountForm] = Form.useForm<AccountForm>();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const captcha = useCaptcha();
  const [tab, setTab] = useState('account');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [sources, setSources] = useState<ThirdSource[]>([]);
  const [earlySubmit, setEarlySubmit] = useState(false);
  const { afterLogin, dialog } = usePostLogin((text) => {
    setError(text);
    captcha.refresh();
    setLoading(false);
  });

  useEffect(() => {
    // the page arrives prerendered (src/app/prerender.ts): what was typed before hydration is only in the DOM
    for (const name of ['username', 'password'] as const) {
      const value = (document.getElementById(name) as HTMLInputElement | null)?.value;
      if (value && !accountForm.getFieldValue(name)) accountForm.setFieldValue(name, value);
    }
    // and a submit made meanwhile was held back: carried out once the captcha's need is known
    setEarlySubmit(takeEarlySubmit());
  }, [accountForm]);

  useEffect(() => {
    if (!earlySubmit || !captcha.loaded) return;
    setEarlySubmit(false);
    accountForm.submit();
  }, [earlySubmit, captcha.loaded, accountForm]);

  useEffect(() => {
    let live = true;
    fetchThirdSources()
      .then((res) => live && res.success && Array.isArray(res.result) && setSources(res.result))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const onAccount = async (values: AccountForm) => {
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
      afterLogin(res.result, redirect);
    } catch (err) {
      setError(errorText(err));
      accountForm.setFieldValue('captcha', '');
      captcha.refresh();
      setLoading(false);
    }
  };

  const onPhone = async (values: PhoneLoginValues) => {
    setLoading(true);
    setError('');
    try {
      const res = await phoneLogin(values.mobile.trim(), values.captcha.trim());
      afterLogin(res.result, redirect);
    } catch (err) {
      setError(errorText(err));
      setLoading(false);
    }
  };

  const accountTab = (
    <Form form={accountForm} size="large" onFinish={onAccount} initialValues={{ remember_me: true }} autoComplete="off">
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
      <Form.Item name="remember_me" valuePropName="checked" style={{ marginBottom: 16 }}>
        <Checkbox>{T.rememberMe}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {T.loginButton}
        </Button>
      </Form.Item>
    </Form>
  );

  const phoneTab = (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      <PhoneLoginForm loading={loading} onError={setError} onSubmit={onPhone} />
    </Suspense>
  );

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
      <div style={{ textAlign: 'center', marginBottom: 32 }}>
        <h1 style={{ fontSize: 33, fontWeight: 600, color: 'rgba(0,0,0,.85)', margin: 0 }} data-testid="platform-name">
          {platformName}
        </h1>
        <div style={{ fontSize: 14, color: 'rgba(0,0,0,.45)', marginTop: 12 }}>{T.loginSubtitle}</div>
      </div>
      <div style={{ width: 368, maxWidth: '90vw' }}>
        {noticeText && <Alert type="info" showIcon message={noticeText} style={{ marginBottom: 16 }} data-testid="login-notice" />}
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <LoginTabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key);
            setError('');
          }}
          items={[
            { key: 'account', label: ACCOUNT_T.tabAccount },
            { key: 'phone', label: ACCOUNT_T.tabPhone },
          ]}
        />
        <div id="login-panel" role="tabpanel">
          {tab === 'account' ? accountTab : phoneTab}
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: -8 }}>
          <span>
            {sources.length > 0 && (
              <>
                <span style={{ color: 'rgba(0,0,0,.45)', marginRight: 8 }}>{ACCOUNT_T.otherLogin}</span>
                {sources.map((s) => (
                  <Tooltip key={s.source} title={s.name}>
                    <Button
                      type="link"
                      size="small"
                      icon={<LoginOutlined />}
                      data-testid={`third-login-${s.source}`}
                      href={thirdLoginStartUrl(s.source, redirect)}
                    >
                      {s.name}
                    </Button>
                  </Tooltip>
                ))}
              </>
            )}
          </span>
          <span style={{ display: 'inline-flex', gap: 16 }}>
            <Link to="/user/alteration" style={{ color: token.colorLink }}>
              {ACCOUNT_T.forgotPassword}
            </Link>
            <Link to="/user/register" style={{ color: token.colorLink }}>
              {ACCOUNT_T.register}
            </Link>
          </span>
        </div>
      </div>
      {dialog}
    </div>
  );
}
