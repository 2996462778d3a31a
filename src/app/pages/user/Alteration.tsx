import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FORM_RULES, confirmPasswordRules, toAntdRules } from '../../../shared/form-rules';
import { passwordChange, phoneVerification } from '../../api/account';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { LOGIN_PATH } from '../../router/constants';
import { UserPageFrame } from './Register';
import SmsCodeButton from './SmsCodeButton';
import { errorText } from './usePostLogin';

interface Verified {
  phone: string;
  smscode: string;
  username: string;
}

/**
 * Forgotten password /user/alteration (spec 1 "alteration steps", 2.1), in three steps:
 * 手机验证 (mobile + SMS code of smsmode '2' → POST /sys/user/phoneVerification, which names the
 * account), 更改密码 (new password twice, spec 5.1 rules → GET /sys/user/passwordChange),
 * 完成 (back to the login page). Server refusals show their message. No props.
 */
export default function Alteration() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [phoneForm] = Form.useForm<{ mobile: string; captcha: string }>();
  const [pwForm] = Form.useForm<{ password: string; password2: string }>();

  const run = async (fn: () => Promise<void>) => {
    setLoading(true);
    setError('');
    try {
      await fn();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoading(false);
    }
  };

  const onVerify = (v: { mobile: string; captcha: string }) =>
    run(async () => {
      const res = await phoneVerification(v.mobile.trim(), v.captcha.trim());
      if (!res.success) return setError(res.message);
      setVerified({ phone: v.mobile.trim(), smscode: res.result?.smscode ?? v.captcha.trim(), username: res.result?.username ?? '' });
      setStep(1);
    });

  const onPassword = (v: { password: string }) =>
    run(async () => {
      if (!verified) return;
      const res = await passwordChange({
        username: verified.username,
        password: v.password,
        smscode: verified.smscode,
        phone: verified.phone,
      });
      if (!res.success) return setError(res.message);
      setStep(2);
    });

  return (
    <UserPageFrame title={ACCOUNT_T.alterationTitle} width={500}>
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 32 }}
        items={[{ title: ACCOUNT_T.stepVerify }, { title: ACCOUNT_T.stepPassword }, { title: ACCOUNT_T.stepDone }]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Form form={phoneForm} size="large" onFinish={onVerify} autoComplete="off">
          <Form.Item name="mobile" rules={toAntdRules(FORM_RULES.mobile)}>
            <Input id="alt-mobile" prefix={<MobileOutlined />} placeholder={ACCOUNT_T.mobile} maxLength={11} />
          </Form.Item>
          <Form.Item>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: ACCOUNT_T.needSmsCode }]}>
                <Input
                  id="alt-code"
                  prefix={<SafetyCertificateOutlined />}
                  placeholder={ACCOUNT_T.smsCode}
                  maxLength={6}
                  style={{ flex: 1 }}
                />
              </Form.Item>
              <SmsCodeButton
                id="alt-get-code"
                smsmode="2"
                getMobile={() =>
                  phoneForm
                    .validateFields(['mobile'])
                    .then((v) => String(v.mobile).trim())
                    .catch(() => null)
                }
              />
            </div>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              {ACCOUNT_T.nextStep}
            </Button>
          </Form.Item>
        </Form>
      )}
      {step === 1 && verified && (
        <Form form={pwForm} size="large" onFinish={onPassword} autoComplete="off" labelCol={{ span: 6 }}>
          <Form.Item label={ACCOUNT_T.accountName}>
            <span data-testid="alt-username">{verified.username}</span>
          </Form.Item>
          <Form.Item name="password" label={ACCOUNT_T.newPassword} rules={toAntdRules(FORM_RULES.newPassword)}>
            <Input.Password id="alt-password" prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password2"
            label={ACCOUNT_T.confirmPassword}
            dependencies={['password']}
            rules={toAntdRules(confirmPasswordRules(() => pwForm.getFieldValue('password')))}
          >
            <Input.Password id="alt-password2" prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 6 }}>
            <Button type="primary" htmlType="submit" loading={loading} style={{ marginRight: 8 }}>
              {ACCOUNT_T.nextStep}
            </Button>
            <Button onClick={() => setStep(0)}>{ACCOUNT_T.prevStep}</Button>
          </Form.Item>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={<span data-testid="alteration-done">{ACCOUNT_T.alterationDone}</span>}
          subTitle={ACCOUNT_T.alterationDoneDesc}
          extra={
            <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>
              {ACCOUNT_T.backLogin}
            </Button>
          }
        />
      )}
    </UserPageFrame>
  );
}
