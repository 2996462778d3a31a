import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { SliderVerify } from '../../../../registry/components/slider-verify/SliderVerify';
import { FORM_RULES, toAntdRules } from '../../../shared/form-rules';
import { ACCOUNT_T, T } from '../../locale/zh-CN';
import SmsCodeButton from './SmsCodeButton';

/** The values of the phone sign-in form. */
export interface PhoneLoginValues {
  mobile: string;
  captcha: string;
}

export interface PhoneLoginFormProps {
  loading: boolean;
  /** Shows (or clears, with '') the page's error line. */
  onError: (text: string) => void;
  onSubmit: (values: PhoneLoginValues) => void;
}

/**
 * The 手机号登录 panel of the login page (spec 2.1, 4.6, 7.1): 手机号 (spec 5.1 mobile rule), the
 * slider verification (验证通过 at full width, else it snaps back), the SMS code with
 * 获取验证码 (sent only after the slider; a new code needs a new slide). Loaded only when its
 * tab opens, so the login page's first load stays small.
 */
export default function PhoneLoginForm({ loading, onError, onSubmit }: PhoneLoginFormProps) {
  const [phoneForm] = Form.useForm<PhoneLoginValues>();
  const [sliderOk, setSliderOk] = useState(false);
  const [sliderRound, setSliderRound] = useState(0);
  const [sliderWidth] = useState(() => Math.min(368, Math.floor(window.innerWidth * 0.9)));
  return (
    <Form form={phoneForm} size="large" onFinish={onSubmit} autoComplete="off">
      <Form.Item name="mobile" rules={toAntdRules(FORM_RULES.mobile)}>
        <Input id="mobile" prefix={<MobileOutlined />} placeholder={ACCOUNT_T.mobile} maxLength={11} />
      </Form.Item>
      <Form.Item>
        <SliderVerify key={sliderRound} width={sliderWidth} height={40} onSuccess={() => setSliderOk(true)} />
      </Form.Item>
      <Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: ACCOUNT_T.needSmsCode }]}>
            <Input id="sms-code" prefix={<MailOutlined />} placeholder={ACCOUNT_T.smsCode} maxLength={6} style={{ flex: 1 }} />
          </Form.Item>
          <SmsCodeButton
            id="get-sms-code"
            smsmode="0"
            beforeSend={() => {
              if (!sliderOk) onError(ACCOUNT_T.sliderFirst);
              return sliderOk;
            }}
            getMobile={() =>
              phoneForm
                .validateFields(['mobile'])
                .then((v) => String(v.mobile).trim())
                .catch(() => null)
            }
            onSent={() => {
              onError('');
              // another code needs another slide
              setSliderOk(false);
              setSliderRound((r) => r + 1);
            }}
          />
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {T.loginButton}
        </Button>
      </Form.Item>
    </Form>
  );
}
