import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, message, Upload } from 'antd';
import { useState } from 'react';
import type { WidgetProps } from '../../shared/props.js';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { ImageEdit } from '../image/ImageEdit.js';
import { FilePopup } from './FilePopup.js';
import { FileRow } from './FileRow.js';
import type { UploadMode } from './upload-model.js';
import { useUploadList } from './useUploadList.js';

export type { UploadMode } from './upload-model.js';

/** Props of the upload edit renderer: the widget props, the mode and an optional custom upload path. */
export type UploadEditProps = WidgetProps<string> & {
  mode: UploadMode;
  /** Spec 7.3 "or a custom action": an upload path under the API base (default /sys/common/upload). */
  action?: string;
};

/**
 * Edit renderer of `upload`/`file`/`image` (spec 2.6, 4.3, 7.3, 9). File mode: a 点击上传
 * button (`data-testid="upload-input"` on its file input) posting each chosen file to
 * /sys/common/upload (`isup=1`, `biz` = extend.biz or 'temp', `file`), one row per file
 * (`data-testid="upload-item"`: state tooltip, progress, 下载 link, remove) and the file popup
 * button 文件列表 (n). The value — paths comma-joined — is emitted only when every file is done.
 * extend.uploadnum caps the count (the button hides at the cap); `action` replaces the upload
 * path. Image mode: see ImageEdit.
 */
export function UploadEdit(props: UploadEditProps) {
  if (props.mode === 'image') return <ImageEdit {...props} />;
  return <FileUploadEdit {...props} />;
}

function FileUploadEdit({ mode, value, onChange, extend, disabled, readOnly, action }: UploadEditProps) {
  const list = useUploadList({ value, onChange, mode, extend, action });
  const [popup, setPopup] = useState(false);
  const locked = !!(disabled || readOnly);
  const remove = locked ? undefined : (uid: string) => list.dispatch({ type: 'remove', uid });

  return (
    <div className="upload-widget">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        {locked || list.room <= 0 ? null : (
          <Upload
            data-testid="upload-input"
            showUploadList={false}
            multiple={list.max === undefined || list.max > 1}
            beforeUpload={(file, batch) => {
              if (list.max !== undefined && batch[0] === file && batch.length > list.room)
                void message.warning(UPLOAD_TEXT.limit(list.max));
              // every file of a batch sees the room at the batch's start: accept the first `room` of them
              if (batch.indexOf(file) < list.room) list.upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{UPLOAD_TEXT.upload}</Button>
          </Upload>
        )}
        {list.visible.length ? (
          <Button type="link" icon={<FolderOpenOutlined />} onClick={() => setPopup(true)} style={{ paddingInline: 0 }}>
            {UPLOAD_TEXT.filePopup(list.visible.length)}
          </Button>
        ) : null}
      </div>
      {list.visible.map((item) => (
        <FileRow key={item.uid} item={item} fileUrl={list.fileUrl} onRemove={remove} />
      ))}
      <FilePopup open={popup} items={list.visible} fileUrl={list.fileUrl} onRemove={remove} onClose={() => setPopup(false)} />
    </div>
  );
}
