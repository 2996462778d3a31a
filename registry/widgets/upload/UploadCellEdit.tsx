/**
 * The editable-table cell of `upload`, `file` and `image` (spec 3 "Upload cell value", 4.3
 * upload cell, 6 "Upload cell", 8 "Upload"): one file per cell. No file: a 点击上传 button
 * (image mode refuses other files: 请上传图片). Uploading: the name with 上传中 (n%) as its
 * tooltip. Done: the name (tooltip 上传完成) and a gear menu with 下载 and 删除 — each unless the
 * column sets allowDownload / allowRemove to false. Error: the name in red, tooltip 上传失败 and
 * the server's message (未知错误 without one); 删除 drops it. While a file exists the button is
 * hidden; 删除 clears the value. The value (the stored path) is emitted once the file is done.
 */
import {
  DeleteOutlined,
  DownloadOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  SettingOutlined,
  UploadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, message, Tooltip, Typography, Upload } from 'antd';
import type { EditableCellProps } from '../../registry.js';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { downloadStoredFile } from './actions.js';
import { StatusTip } from './FileRow.js';
import { isImageFile, pathOf, type UploadMode } from './upload-model.js';
import { useUploadList } from './useUploadList.js';

/** The cell editor of an upload column in `mode`. */
export function UploadCellEdit({ value, onChange, field, disabled, mode }: EditableCellProps<string> & { mode: UploadMode }) {
  const extend = (field.extend ?? {}) as Record<string, unknown>;
  const list = useUploadList({
    value,
    onChange: (v) => onChange(v),
    mode,
    extend: { ...extend, uploadnum: typeof extend.uploadnum === 'number' ? extend.uploadnum : 1 },
    action: typeof extend.action === 'string' ? extend.action : undefined,
    responseName: typeof extend.responseName === 'string' ? extend.responseName : undefined,
  });
  const canDownload = extend.allowDownload !== false;
  const canRemove = extend.allowRemove !== false && !disabled;
  const item = list.visible[0];
  if (!item) {
    if (disabled) return null;
    return (
      <Upload
        data-testid="upload-cell-input"
        showUploadList={false}
        accept={mode === 'image' ? 'image/*' : undefined}
        beforeUpload={(file) => {
          if (mode === 'image' && !isImageFile(file)) void message.warning(UPLOAD_TEXT.imageOnly);
          else list.upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button size="small" icon={<UploadOutlined />}>
          {UPLOAD_TEXT.upload}
        </Button>
      </Upload>
    );
  }
  const failed = item.status === 'error';
  const uploading = item.status === 'uploading';
  const path = pathOf(item);
  const menu = [
    ...(canDownload && item.status === 'done' && path
      ? [{ key: 'download', icon: <DownloadOutlined />, label: UPLOAD_TEXT.download }]
      : []),
    ...(canRemove && !uploading ? [{ key: 'remove', icon: <DeleteOutlined />, label: UPLOAD_TEXT.remove, danger: true }] : []),
  ];
  const icon = uploading ? <LoadingOutlined /> : failed ? <WarningOutlined /> : <PaperClipOutlined />;
  return (
    <div
      data-testid="upload-cell"
      data-status={item.status}
      style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}
    >
      <Tooltip title={<StatusTip item={item} />}>
        <Typography.Text data-testid="upload-cell-name" type={failed ? 'danger' : undefined}>
          {icon} {item.fileName || item.name}
          {uploading ? ` ${Math.round(item.percent ?? 0)}%` : ''}
        </Typography.Text>
      </Tooltip>
      {menu.length ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu,
            onClick: ({ key }) => {
              if (key === 'download') downloadStoredFile(path, list.fileUrl);
              else list.dispatch({ type: 'remove', uid: item.uid });
            },
          }}
        >
          <Button size="small" type="text" data-testid="upload-cell-menu" icon={<SettingOutlined />} aria-label={UPLOAD_TEXT.action} />
        </Dropdown>
      ) : null}
    </div>
  );
}
