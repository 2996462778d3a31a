import { Button, Modal, Table, Tooltip, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { DownloadLink, StatusTip } from './FileRow.js';
import { PreviewLink } from './PreviewLink.js';
import { pathOf, type UploadItem } from './upload-model.js';

export interface FilePopupProps {
  open: boolean;
  /** The field's files (the shown list). */
  items: readonly UploadItem[];
  fileUrl: (path: string) => string;
  /** Given when the field is editable: each row gets a 删除 button. */
  onRemove?: (uid: string) => void;
  onClose: () => void;
}

/**
 * The file popup (spec 2.6): a modal 文件列表 listing the field's files — short name with the
 * full name and state as tooltip, 下载 and 预览 links each, and 删除 when editable. Rows carry
 * `data-testid="upload-popup-item"`.
 */
export function FilePopup({ open, items, fileUrl, onRemove, onClose }: FilePopupProps) {
  const columns: TableColumnsType<UploadItem> = [
    {
      title: UPLOAD_TEXT.fileName,
      dataIndex: 'name',
      render: (_: unknown, item) => (
        <Tooltip title={item.fileName}>
          <span>{item.name}</span>
        </Tooltip>
      ),
    },
    { title: UPLOAD_TEXT.status, key: 'status', width: 140, render: (_: unknown, item) => <StatusTip item={item} /> },
    {
      title: UPLOAD_TEXT.action,
      key: 'action',
      width: 160,
      render: (_: unknown, item) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          {item.status === 'done' && pathOf(item) ? <DownloadLink path={pathOf(item)} fileUrl={fileUrl} /> : null}
          {item.status === 'done' && pathOf(item) ? (
            <PreviewLink path={pathOf(item)!} name={item.fileName || item.name} fileUrl={fileUrl} />
          ) : null}
          {onRemove ? (
            <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => onRemove(item.uid)}>
              {UPLOAD_TEXT.remove}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <Modal title={UPLOAD_TEXT.filePopupTitle} open={open} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      <Table<UploadItem>
        rowKey="uid"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={[...items]}
        locale={{ emptyText: UPLOAD_TEXT.noFiles }}
        onRow={() => ({ 'data-testid': 'upload-popup-item' }) as HTMLAttributes<HTMLElement>}
      />
    </Modal>
  );
}
