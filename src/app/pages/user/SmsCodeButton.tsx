import { Button, message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { sendSmsCode, type SmsMode } from '../../api/account';
import { ACCOUNT_T } from '../../locale/zh-CN';

/** Seconds before another code may be asked for (the server allows one a minute). */
export const SMS_COUNTDOWN_S = 60;

export interface SmsCodeButtonProps {
  /** Resolves the validated mobile number, or null when the field is invalid (its error shows). */
  getMobile: () => Promise<string | null>;
  smsmode: SmsMode;
  /** Return false to refuse the click (e.g. the slider is not done yet). */
  beforeSend?: () => boolean;
  /** Called after the server accepted the request. */
  onSent?: () => void;
  id?: string;
}

/**
 * The 获取验证码 button of the phone forms (spec 2.1, 7.1 /sys/sms): asks the server to send a
 * code, then counts down 60 s (`60 s` … `1 s`) before it can be pressed again. The server's
 * message is shown when it refuses (e.g. 该用户不存在或未绑定手机号). Props: SmsCodeButtonProps.
 */
export default function SmsCodeButton({ getMobile, smsmode, beforeSend, onSent, id }: SmsCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);

  const start = () => {
    setLeft(SMS_COUNTDOWN_S);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1 && timer.current) {
          clearInterval(timer.current);
          timer.current = null;
        }
        return s - 1;
      });
    }, 1000);
  };

  const onClick = async () => {
    if (beforeSend && !beforeSend()) return;
    const mobile = await getMobile();
    if (!mobile) return;
    setSending(true);
    try {
      const res = await sendSmsCode(mobile, smsmode);
      if (res.success) {
        void message.success(ACCOUNT_T.smsSent);
        start();
        onSent?.();
      } else void message.warning(res.message);
    } catch {
      /* shown by the request layer */
    } finally {
      setSending(false);
    }
  };

  return (
    <Button id={id} size="large" disabled={left > 0} loading={sending} onClick={onClick} style={{ width: 120, flex: 'none' }}>
      {left > 0 ? ACCOUNT_T.resendIn(left) : ACCOUNT_T.getSmsCode}
    </Button>
  );
}
