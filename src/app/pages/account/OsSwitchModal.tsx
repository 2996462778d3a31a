import { Form, Input, Radio, Space, message } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fetchCurrentUserOss, selectOs, type OsEntry } from '../../api/account';
import { JModal } from '../../../../registry/components/j-modal/index.js';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { setUserInfo } from '../../stores/session';

/**
 * The OS (organisation unit) switcher (spec 2.4 "switch system (OS) dialog", 2.6, 4.6, 5.6, 8):
 * hidden → loaded (GET /sys/user/getCurrentUserOss {list, osCode}) → shown; with no entries it
 * warns 您尚未设置组织单元信息! and does not stay open. Title 选择组织单元, a search box
 * (请输入组织单元名称，按回车搜索) filtering by name, one entry to pick (required: the field shows
 * its error state); OK → POST /sys/selectOs {osCode, username}, the new user info stored for 7
 * days, then the page reloads. Props: username, onClose. Mount it to open it.
 */
export default function OsSwitchModal({ username, onClose }: { username: string; onClose: () => void }) {
  const [form] = Form.useForm<{ osCode: string }>();
  const [list, setList] = useState<OsEntry[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchCurrentUserOss()
      .then((res) => {
        if (!live) return;
        const entries = res.success && Array.isArray(res.result?.list) ? res.result.list : [];
        if (!entries.length) {
          void message.warning(ACCOUNT_T.noOs);
          onClose();
          return;
        }
        setList(entries);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [onClose]);

  const shown = useMemo(() => (list ?? []).filter((o) => !keyword || o.osName.includes(keyword)), [list, keyword]);
  if (!list) return null;

  /** Validates and switches; the modal stays open (false) until the page reloads. */
  const onOk = async (): Promise<false> => {
    const { osCode } = await form.validateFields();
    setSaving(true);
    try {
      const res = await selectOs(osCode, username);
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
      title={ACCOUNT_T.osSwitchTitle}
      width={450}
      confirmLoading={saving}
      onOk={onOk}
      onClose={onClose}
      wrapClassName="os-switch-modal"
    >
      <Input.Search placeholder={ACCOUNT_T.osSearch} allowClear onSearch={(v) => setKeyword(v.trim())} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="osCode" rules={[{ required: true, message: ACCOUNT_T.needOs }]}>
          <Radio.Group>
            <Space direction="vertical">
              {shown.map((o) => (
                <Radio key={o.osCode} value={o.osCode}>
                  {o.osName}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
    </JModal>
  );
}
