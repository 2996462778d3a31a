import { Form, Input, message } from 'antd';
import { useState } from 'react';
import { FORM_RULES, confirmPasswordRules, toAntdRules } from '../../../shared/form-rules';
import { updatePassword } from '../../api/account';
import { JModal } from '../../../../registry/components/j-modal/index.js';
import { ACCOUNT_T } from '../../locale/zh-CN';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/**
 * The change-password modal (spec 2.6 width 800, 4.6 hidden → shown → saved or cancelled, 5.1
 * rules and messages: 请输入旧密码!, 密码应由8位或以上的字母和数字组成!, 请重新输入登录密码!,
 * 两次输入的密码不一样！). Saves with PUT /sys/user/updatePassword {username, oldpassword,
 * password, confirmpassword}; the server's message shows (success closes the modal). A mask click
 * does not close it and its content is destroyed on close (spec 4.6 modal wrapper, JModal).
 * Props: open, username, onClose. Returns the modal.
 */
export default function ChangePasswordModal({ open, username, onClose }: { open: boolean; username: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  /** Validates and saves; false keeps the modal open (JModal closes it otherwise). */
  const onOk = async (): Promise<boolean> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await updatePassword({ username, oldpassword: v.oldpassword, password: v.password, confirmpassword: v.confirmpassword });
      if (res.success) {
        void message.success(res.message || ACCOUNT_T.changePassword);
        return true;
      }
      void message.warning(res.message);
      return false;
    } catch {
      /* shown by the request layer */
      return false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <JModal
      open={open}
      title={ACCOUNT_T.changePassword}
      width={800}
      confirmLoading={saving}
      onOk={onOk}
      onClose={onClose}
      wrapClassName="change-password-modal"
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} preserve={false}>
        <Form.Item label={ACCOUNT_T.userAccount}>
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item name="oldpassword" label={ACCOUNT_T.oldPassword} rules={toAntdRules(FORM_RULES.oldPassword)}>
          <Input.Password id="cp-old" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={ACCOUNT_T.newPassword} rules={toAntdRules(FORM_RULES.newPassword)}>
          <Input.Password id="cp-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={ACCOUNT_T.confirmNewPassword}
          dependencies={['password']}
          rules={toAntdRules(confirmPasswordRules(() => form.getFieldValue('password')))}
        >
          <Input.Password id="cp-confirm" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </JModal>
  );
}
