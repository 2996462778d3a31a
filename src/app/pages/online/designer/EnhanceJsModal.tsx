/**
 * JS增强 of an authored screen (onl_cgform_enhance_js, list and form): the latest code of each
 * type in a code editor (@uiw/react-codemirror, JavaScript), saved to
 * /online/cgform/head/enhanceJs/{code} (the server keeps the last 16 entries per type). States
 * plainly that our client never runs the code: it is stored for JeecgBoot clients only.
 */
import { javascript } from '@codemirror/lang-javascript';
import CodeMirror from '@uiw/react-codemirror';
import { Alert, App, Button, Modal, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { EDITOR_UI as T } from './editorTexts';

type JsType = 'list' | 'form';

/** The JS enhancement editor (see the file comment); `head` undefined when closed, `canSave` shows 保存. */
export default function EnhanceJsModal({
  head,
  canSave,
  onClose,
}: {
  head?: { id: string; tableTxt: string };
  canSave: boolean;
  onClose: () => void;
}) {
  const { request } = useRuntimeContext();
  const { message } = App.useApp();
  const [type, setType] = useState<JsType>('list');
  const [code, setCode] = useState<Record<JsType, string>>({ list: '', form: '' });
  const [busy, setBusy] = useState(false);
  const extensions = useMemo(() => [javascript()], []);

  useEffect(() => {
    if (!head) return;
    setType('list');
    setCode({ list: '', form: '' });
    for (const t of ['list', 'form'] as const)
      void request.get<{ cgJs?: string } | null>(`/online/cgform/head/enhanceJs/${head.id}`, { type: t }).then((res) => {
        if (res.success) setCode((c) => ({ ...c, [t]: res.result?.cgJs ?? '' }));
      });
  }, [head, request]);

  const save = async () => {
    setBusy(true);
    const res = await request.post(`/online/cgform/head/enhanceJs/${head?.id}`, { cgJs: code[type], cgJsType: type });
    setBusy(false);
    if (res.success) message.success(res.message);
    else message.warning(res.message);
  };

  return (
    <Modal open={!!head} width={960} title={head ? T.enhanceTitle(head.tableTxt) : ''} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-page="cgform-enhance">
        <Alert data-part="enhance-notice" type="warning" showIcon message={T.enhanceNotice} style={{ marginBottom: 12 }} />
        <Tabs
          activeKey={type}
          onChange={(k) => setType(k as JsType)}
          items={[
            { key: 'list', label: T.enhanceList },
            { key: 'form', label: T.enhanceForm },
          ]}
        />
        <CodeMirror
          key={type}
          value={code[type]}
          height="360px"
          extensions={extensions}
          readOnly={!canSave}
          onChange={(v) => setCode((c) => ({ ...c, [type]: v }))}
        />
        {canSave && (
          <Button type="primary" data-action="save-enhance" loading={busy} style={{ marginTop: 12 }} onClick={() => void save()}>
            {T.enhanceSave}
          </Button>
        )}
      </div>
    </Modal>
  );
}
