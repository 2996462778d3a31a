import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, message, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRuntimeContext } from '../../../renderers/context/RuntimeContext.js';
import { WIDGET_TEXT } from '../../shared/locale.js';
import type { WidgetProps } from '../../shared/props.js';
import { isImageFile, itemsToValue, pathsToItems, settleItem, UPLOAD_BIZ, UPLOAD_URL, type UploadItem } from './upload-model.js';

export type UploadMode = 'file' | 'image';

const normal = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/**
 * Edit renderer of `upload`/`file`/`image`: antd Upload posting each file to
 * /sys/common/upload (multipart `file`, `biz` 'temp'); the server's `message` is the stored
 * path. The value — paths comma-joined — is emitted only when every file is done (spec 4.3).
 * Image mode accepts only images (请上传图片); extend.uploadnum caps the count (the button
 * hides at the cap); button text 点击上传; names at most 5 characters plus '...'.
 */
export function UploadEdit({ mode, value, onChange, extend, disabled, readOnly }: WidgetProps<string> & { mode: UploadMode }) {
  const { request } = useRuntimeContext();
  const [items, setItems] = useState<UploadItem[]>(() => pathsToItems(value, request.fileUrl));
  const itemsRef = useRef(items);
  const emitted = useRef<string | null>(normal(value));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const v = normal(value);
    if (v === emitted.current) return;
    emitted.current = v;
    itemsRef.current = pathsToItems(v, request.fileUrl);
    setItems(itemsRef.current);
  }, [value, request]);

  const commit = (next: UploadItem[]) => {
    itemsRef.current = next;
    setItems(next);
    const v = itemsToValue(next);
    if (v !== undefined && v !== emitted.current) {
      emitted.current = v;
      onChangeRef.current?.(v);
    }
  };
  const patch = (uid: string, fn: (item: UploadItem) => UploadItem) => commit(itemsRef.current.map((f) => (f.uid === uid ? fn(f) : f)));

  const max = extend?.uploadnum;
  const locked = !!(disabled || readOnly);
  const start = (file: File & { uid: string }) => {
    const item: UploadItem = { uid: file.uid, name: file.name, fileName: file.name, status: 'uploading', percent: 0, type: file.type };
    commit([...itemsRef.current, item]);
    const form = new FormData();
    form.append('file', file);
    form.append('biz', UPLOAD_BIZ);
    request
      .upload<unknown>(UPLOAD_URL, form, (percent) => patch(file.uid, (f) => ({ ...f, percent })))
      .then(
        (res) => patch(file.uid, (f) => settleItem(f, res, request.fileUrl, WIDGET_TEXT.unknownError)),
        (e: unknown) =>
          patch(file.uid, (f) =>
            settleItem(
              f,
              { success: false, message: e instanceof Error ? e.message : undefined },
              request.fileUrl,
              WIDGET_TEXT.unknownError,
            ),
          ),
      );
  };

  const full = max !== undefined && items.length >= max;
  const button =
    full || locked ? null : mode === 'image' ? (
      <div>
        <PlusOutlined />
        <div style={{ marginTop: 8 }}>{WIDGET_TEXT.upload}</div>
      </div>
    ) : (
      <Button icon={<UploadOutlined />}>{WIDGET_TEXT.upload}</Button>
    );

  return (
    <Upload
      fileList={items as UploadFile[]}
      listType={mode === 'image' ? 'picture-card' : 'text'}
      accept={mode === 'image' ? 'image/*' : undefined}
      multiple={max === undefined || max > 1}
      disabled={locked}
      beforeUpload={(file) => {
        if (mode === 'image' && !isImageFile(file)) {
          message.warning(WIDGET_TEXT.imageOnly);
          return Upload.LIST_IGNORE;
        }
        if (max === undefined || itemsRef.current.length < max) start(file as File & { uid: string });
        return Upload.LIST_IGNORE;
      }}
      onRemove={(file) => {
        commit(itemsRef.current.filter((f) => f.uid !== file.uid));
        return false;
      }}
      onPreview={(file) => {
        if (file.url) window.open(file.url, '_blank', 'noopener');
      }}
    >
      {button}
    </Upload>
  );
}
