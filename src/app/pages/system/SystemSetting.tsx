import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Select, Spin, message } from 'antd';
import { useLatestGuard } from '../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { OPS_TEXT } from './opsTexts';
import { applySystemSettings } from '../../stores/system-settings';

/** A setting of GET /sys/setting/list (src/server/modules/settings/routes.ts). */
interface SettingItem {
  key: string;
  title: string;
  type: 'string' | 'number';
  value: string | number;
  maxLength?: number;
  options?: (string | number)[];
  description?: string;
}

/**
 * 系统设置 (menu /isystem/setting, component system/SystemSetting): one form over the system
 * settings the server defines; 保存 (holders of `system:setting:edit`, checked by the server
 * too) sends every value to PUT /sys/setting/save and shows 保存成功 or the server's message.
 */
export default function SystemSetting() {
  const { request, auth, allAuth } = useRuntimeContext();
  const [items, setItems] = useState<SettingItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Record<string, string | number>>();
  const canSave = hasPermission('system:setting:edit', { auth, allAuth });

  const guard = useLatestGuard();
  useEffect(() => {
    void guard.run(
      () => request.get<SettingItem[]>('/sys/setting/list'),
      (res) => {
        if (res.success) {
          setItems(res.result);
          form.setFieldsValue(Object.fromEntries(res.result.map((i) => [i.key, i.value])));
        } else message.warning(res.message);
      },
    );
  }, [request, form, guard]);

  const save = async (values: Record<string, string | number>) => {
    setSaving(true);
    try {
      const res = await request.put('/sys/setting/save', values);
      if (res.success) {
        message.success(res.message || OPS_TEXT.settings.saved);
        // applied at once: name, footer, page size and login notice
        applySystemSettings(values);
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  if (!items) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <Card variant="borderless" title={OPS_TEXT.settings.title} data-page="system-setting">
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={save} disabled={!canSave}>
        {items.map((i) => (
          <Form.Item key={i.key} name={i.key} label={i.title} extra={i.description}>
            {i.options ? (
              <Select options={i.options.map((o) => ({ value: o, label: String(o) }))} />
            ) : i.type === 'number' ? (
              <InputNumber style={{ width: '100%' }} />
            ) : (
              <Input maxLength={i.maxLength} showCount={Boolean(i.maxLength)} />
            )}
          </Form.Item>
        ))}
        {canSave && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {OPS_TEXT.settings.save}
          </Button>
        )}
      </Form>
    </Card>
  );
}
