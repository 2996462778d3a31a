import { useCallback, useRef, useState } from 'react';
import { message } from 'antd';
import type { Form } from '@formily/core';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import type { WidgetRegistry } from '../../registry/registry';
import { JModal } from '../../registry/components/j-modal/index.js';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import ScreenForm from '../form/ScreenForm';
import MasterDetailForm, { type CollectBody } from '../form/MasterDetailForm';
import DetailWithSubTables from './DetailWithSubTables';
import { screenCalls } from '../../src/runtime/list/screen-urls';
import { readyValue } from '../../src/runtime/ready-value';

export type RecordModalMode = 'add' | 'edit' | 'detail';

export interface RecordModalProps {
  screen: ScreenSchema;
  registry: WidgetRegistry;
  mode: RecordModalMode;
  /** The row being edited or shown (keys = columns). */
  record?: Record<string, unknown>;
  onClose: () => void;
  /** Called after a successful save. */
  onSaved: () => void;
}

/** A plain form's save body: its values once valid, else null. */
async function plainBody(form: Form): Promise<Record<string, unknown> | null> {
  try {
    await form.validate();
  } catch {
    return null;
  }
  return { ...(form.values as Record<string, unknown>) };
}

const TITLES: Record<RecordModalMode, string> = { add: '新增', edit: '编辑', detail: '详情' };

/**
 * Add / edit / detail modal of a list (spec 4.6: a mask click does not close, content is
 * destroyed on close; details 1200 wide with a fullscreen switch — the JModal wrapper). A main
 * screen with sub tables is added and edited in the master-detail form (1200 wide; the main row
 * and its sub rows go in one request, saved in one transaction). Saving validates the form,
 * then POSTs (add) or PUTs (edit) the screen's calls (`url.add`/`url.edit`, default
 * `/online/cgform/api/form/{code}`); a server refusal is shown
 * as a warning and the modal stays open with what was typed. Closing it (Esc, ×, 取消) after
 * the user changed something asks first (the main form's changes; a master-detail form's sub
 * rows are not tracked).
 */
export default function RecordModal({ screen, registry, mode, record, onClose, onSaved }: RecordModalProps) {
  const { request } = useRuntimeContext();
  // the form's body collector, set once the form has mounted (after the modal's first frame):
  // 确定 pressed before that waits for it
  const [collector] = useState(() => readyValue<CollectBody>());
  const [saving, setSaving] = useState(false);
  const masterDetail = mode !== 'detail' && (screen.subTables?.length ?? 0) > 0;
  const width = mode === 'detail' || masterDetail ? 1200 : 800;
  // the form whose `modified` tells unsaved changes (the main form of a master-detail form)
  const formRef = useRef<Form | null>(null);
  const onFormReady = useCallback(
    (form: Form) => {
      formRef.current = form;
      collector.set(() => plainBody(form));
    },
    [collector],
  );
  const onMainForm = useCallback((form: Form) => void (formRef.current = form), []);
  const onMasterDetailReady = useCallback((c: CollectBody) => collector.set(c), [collector]);

  /** Validates and saves; always false: the modal closes through onSaved, or stays open. */
  const save = async (): Promise<false> => {
    const body = await (await collector.get())();
    if (!body) return false;
    setSaving(true);
    try {
      const calls = screenCalls(screen);
      const res =
        mode === 'add'
          ? await request.post<string>(calls.add().url, body)
          : await request.put(calls.edit().url, { ...body, id: record?.id });
      if (res.success) {
        message.success(res.message || '操作成功');
        onSaved();
      } else message.warning(res.message || '操作失败');
    } finally {
      setSaving(false);
    }
    return false;
  };

  return (
    <JModal
      open
      title={TITLES[mode]}
      switchFullscreen={mode === 'detail'}
      deferContent
      width={width}
      onClose={onClose}
      onOk={mode === 'detail' ? undefined : save}
      okText={mode === 'detail' ? '关闭' : '确定'}
      cancelButtonProps={mode === 'detail' ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      dirty={mode === 'detail' ? undefined : () => !!formRef.current?.modified}
    >
      {mode === 'detail' && record?.id && screen.subTables?.length ? (
        <DetailWithSubTables screen={screen} mainId={String(record.id)}>
          <ScreenForm screen={screen} registry={registry} mode={mode} values={record} onReady={onFormReady} />
        </DetailWithSubTables>
      ) : masterDetail ? (
        <MasterDetailForm
          screen={screen}
          registry={registry}
          mode={mode as 'add' | 'edit'}
          values={record}
          onReady={onMasterDetailReady}
          onMainForm={onMainForm}
        />
      ) : (
        <ScreenForm screen={screen} registry={registry} mode={mode} values={record} onReady={onFormReady} />
      )}
    </JModal>
  );
}
