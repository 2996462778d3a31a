/**
 * JS增强 of an authored screen (onl_cgform_enhance_js, list and form): the latest code of each
 * type in a code editor (@uiw/react-codemirror, JavaScript), saved to
 * /online/cgform/head/enhanceJs/{code}. The records are keyed by code (the screen and the
 * type); the server keeps the last 16 entries per code (spec 9) and 历史记录 lists them
 * (time, author), newest first: picking one loads it into the editor (saving it makes it the
 * latest). States plainly that our client never runs the code: it is stored for JeecgBoot
 * clients only.
 */
import { javascript } from '@codemirror/lang-javascript';
import CodeMirror from '@uiw/react-codemirror';
import { Alert, Button, Modal, Select, Space, Tabs, message } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { EDITOR_UI as T } from './editorTexts';

type JsType = 'list' | 'form';

/** One kept entry of a code (onl_cgform_enhance_js row, camelCase). */
interface EnhanceEntry {
  id: string;
  cgJs: string;
  createBy?: string | null;
  createTime?: string | null;
}

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
  const [type, setType] = useState<JsType>('list');
  const [code, setCode] = useState<Record<JsType, string>>({ list: '', form: '' });
  const [history, setHistory] = useState<Record<JsType, EnhanceEntry[]>>({ list: [], form: [] });
  const [busy, setBusy] = useState(false);
  // remounts the editor when an entry of the history is loaded into it
  const [loaded, setLoaded] = useState(0);
  const extensions = useMemo(() => [javascript()], []);

  const loadHistory = useCallback(
    async (id: string, t: JsType, intoEditor: boolean) => {
      const res = await request.get<EnhanceEntry[]>(`/online/cgform/head/enhanceJs/${id}/history`, { type: t });
      if (!res.success) return;
      setHistory((h) => ({ ...h, [t]: res.result }));
      if (intoEditor) setCode((c) => ({ ...c, [t]: res.result[0]?.cgJs ?? '' }));
    },
    [request],
  );

  useEffect(() => {
    if (!head) return;
    setType('list');
    setCode({ list: '', form: '' });
    setHistory({ list: [], form: [] });
    for (const t of ['list', 'form'] as const) void loadHistory(head.id, t, true);
  }, [head, loadHistory]);

  const save = async () => {
    setBusy(true);
    const res = await request.post(`/online/cgform/head/enhanceJs/${head?.id}`, { cgJs: code[type], cgJsType: type });
    setBusy(false);
    if (!res.success) return void message.warning(res.message);
    message.success(res.message);
    if (head) void loadHistory(head.id, type, false);
  };
  const pick = (entryId: string) => {
    const entry = history[type].find((e) => e.id === entryId);
    if (!entry) return;
    setCode((c) => ({ ...c, [type]: entry.cgJs }));
    setLoaded((n) => n + 1);
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
        <Space style={{ marginBottom: 8 }}>
          <span>{T.enhanceHistory}</span>
          <Select
            data-part="enhance-history"
            style={{ width: 420 }}
            value={null}
            placeholder={T.enhanceHistoryPlaceholder(history[type].length)}
            disabled={!history[type].length}
            onChange={pick}
            options={history[type].map((e) => ({
              value: e.id,
              label: T.enhanceHistoryEntry(e.createTime ?? '', e.createBy ?? ''),
            }))}
          />
        </Space>
        <CodeMirror
          key={`${type}-${loaded}`}
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
