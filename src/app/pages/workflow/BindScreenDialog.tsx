import { useEffect, useState } from 'react';
import { Form, Modal, Select, message } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import type { ModelRow } from './wfApi';
import { WF_T } from './wfTexts';

/**
 * 绑定表单 of one process model: a screen picker (empty = unbound) prefilled with the model's
 * screen; 确定 saves it through /workflow/model/edit (the server checks the screen has an
 * approval status and is not bound to another model) and calls `onSaved`. `model` null = closed.
 */
export function BindScreenDialog(props: {
  model: ModelRow | null;
  screens: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { request } = useRuntimeContext();
  const { model } = props;
  const [screen, setScreen] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  useEffect(() => setScreen(model?.formScreen ?? undefined), [model]);

  const save = async () => {
    if (!model) return;
    setSaving(true);
    const r = await request.put('/workflow/model/edit', { id: model.id, formScreen: screen ?? null }).finally(() => setSaving(false));
    if (!r.success) return void message.warning(r.message);
    message.success(r.message);
    props.onSaved();
  };

  return (
    <Modal
      open={!!model}
      title={WF_T.bindScreenTitle(model?.name ?? '')}
      onCancel={props.onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
    >
      <Form layout="vertical">
        <Form.Item label={WF_T.bindScreen} extra={WF_T.bindScreenHelp}>
          <Select
            id="wf-bind-screen"
            allowClear
            showSearch
            optionFilterProp="label"
            options={props.screens}
            value={screen}
            onChange={(v?: string) => setScreen(v)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
