import { Form, Input, Modal, Radio, Space, message } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntimeContext } from '../../renderers/context/RuntimeContext.js';
import { PICKER_TEXT } from '../shared/locale.js';
import { PICKER_WIDTH } from './model.js';

/** An OS (organisation unit) entry (spec 3 "OS entry"). */
export interface OsEntry {
  id: string;
  osCode: string;
  osName: string;
}

export interface OsSwitcherModalProps {
  open: boolean;
  /** The signed-in user's username (sent with selectOs). */
  username: string;
  /** Called with selectOs' result (result.userInfo is to be stored 7 days, then the page reloads). */
  onSwitched: (result: unknown) => void;
  onClose: () => void;
}

/** OS entries whose name contains `text` (the search box, spec 9). */
export function filterOs(list: readonly OsEntry[], text: string): OsEntry[] {
  const t = text.trim();
  return t ? list.filter((o) => o.osName.includes(t)) : [...list];
}

/**
 * The OS switcher (spec 2.6, 4.6, 5.6, 7.1, 9): opening loads GET /sys/user/getCurrentUserOss
 * (`{list, osCode}`); with no entries it warns 您尚未设置OS信息! and closes. The user picks one OS
 * (the current one preselected; a search box filters by name on Enter); OK without a choice puts
 * the field in its error state (请选择OS); otherwise it calls /sys/selectOs `{osCode, username}`
 * and hands the result to `onSwitched`.
 */
export function OsSwitcherModal({ open, username, onSwitched, onClose }: OsSwitcherModalProps) {
  const { request } = useRuntimeContext();
  const [list, setList] = useState<OsEntry[] | null>(null);
  const [chosen, setChosen] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setList(null);
    setMissing(false);
    request.get<{ list?: OsEntry[]; osCode?: string }>('/sys/user/getCurrentUserOss').then(
      (res) => {
        if (!live) return;
        const entries = res.success ? (res.result?.list ?? []) : [];
        if (!entries.length) {
          void message.warning(res.success ? PICKER_TEXT.osNone : res.message || PICKER_TEXT.osNone);
          onClose();
          return;
        }
        setList(entries);
        setChosen(res.result?.osCode || undefined);
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
    // onClose is a callback prop; loading once per opening is the contract
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, request]);
  const submit = async () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const res = await request.put<unknown>('/sys/selectOs', { osCode: chosen, username });
      if (!res.success) {
        void message.warning(res.message);
        return;
      }
      onSwitched(res.result);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open && !!list}
      title={PICKER_TEXT.osTitle}
      width={PICKER_WIDTH.os}
      destroyOnHidden
      maskClosable={false}
      confirmLoading={saving}
      okText={PICKER_TEXT.ok}
      cancelText={PICKER_TEXT.cancel}
      onOk={submit}
      onCancel={() => {
        setSearch('');
        setChosen(undefined);
        onClose();
      }}
    >
      <div data-testid="os-switcher">
        <Input.Search allowClear placeholder={PICKER_TEXT.osSearch} style={{ marginBottom: 12 }} onSearch={setSearch} />
        <Form.Item required label="OS" validateStatus={missing ? 'error' : undefined} help={missing ? PICKER_TEXT.osRequired : undefined}>
          <Radio.Group
            value={chosen}
            onChange={(e) => {
              setChosen(e.target.value as string);
              setMissing(false);
            }}
          >
            <Space direction="vertical">
              {filterOs(list ?? [], search).map((o) => (
                <Radio key={o.osCode} value={o.osCode}>
                  {o.osName}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </div>
    </Modal>
  );
}

export default OsSwitcherModal;
