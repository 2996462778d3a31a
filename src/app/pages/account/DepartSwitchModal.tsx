import { BankOutlined } from '@ant-design/icons';
import { Avatar, Form, Select, Tooltip, message } from 'antd';
import { useEffect, useState } from 'react';
import { fetchCurrentUserDeparts } from '../../api/account';
import { selectDepart } from '../../api/auth';
import type { Depart } from '../../api/types';
import { JModal } from '../../../../registry/components/j-modal/index.js';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { setUserInfo } from '../../stores/session';

/**
 * Department switch 部门切换 (spec 2.4, 2.6, 4.6, 8): loads the user's departments
 * (GET /sys/user/getCurrentUserDeparts); with none it only warns 您尚未设置部门信息! and does not
 * open (`onClose` is called). Title 部门切换(当前部门 : name); a choice is required; OK →
 * PUT /sys/selectDepart, the new user info stored for 7 days, then the page reloads.
 * Props: username, onClose. Mount it to open it. Returns the modal (or nothing while loading).
 */
export default function DepartSwitchModal({ username, onClose }: { username: string; onClose: () => void }) {
  const [form] = Form.useForm<{ orgCode: string }>();
  const [departs, setDeparts] = useState<Depart[] | null>(null);
  const [current, setCurrent] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchCurrentUserDeparts()
      .then((res) => {
        if (!live) return;
        const list = res.success && Array.isArray(res.result?.list) ? res.result.list : [];
        if (!list.length) {
          void message.warning(ACCOUNT_T.noDepart);
          onClose();
          return;
        }
        setCurrent(list.find((d) => d.orgCode === res.result.orgCode)?.departName ?? '');
        setDeparts(list);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [onClose]);

  if (!departs) return null;
  /** Validates and switches; the modal stays open (false) until the page reloads. */
  const onOk = async (): Promise<false> => {
    const { orgCode } = await form.validateFields();
    setSaving(true);
    try {
      const res = await selectDepart(orgCode, username);
      if (!res.success) {
        void message.warning(res.message);
        return false;
      }
      if (res.result?.userInfo) setUserInfo(res.result.userInfo);
      window.location.reload();
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
      title={`${ACCOUNT_T.departSwitchTitle}${current ? ACCOUNT_T.currentDepart(current) : ''}`}
      width={450}
      confirmLoading={saving}
      onOk={onOk}
      onClose={onClose}
      wrapClassName="depart-switch-modal"
    >
      <Form form={form} layout="vertical">
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
            id="depart-switch-select"
            placeholder={ACCOUNT_T.needDepart}
            options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </JModal>
  );
}
