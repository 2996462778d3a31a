import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Progress, Tooltip, Typography } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { shortFileName } from '../../shared/format.js';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { downloadStoredFile } from './actions.js';
import { PreviewLink } from './PreviewLink.js';
import { errorOf, originalNameOf, pathOf, statusTip, urlOf, type UploadItem } from './upload-model.js';

/** The tooltip body of an entry: 上传中 (n%) / 上传完成 / 上传失败 plus the error message. */
export function StatusTip({ item }: { item: UploadItem }) {
  const tip = statusTip(item);
  return (
    <>
      <div>{tip.title}</div>
      {tip.detail ? <div>{tip.detail}</div> : null}
    </>
  );
}

/**
 * A 下载 link (`data-testid="upload-download"`) opening the stored path in a new window
 * (spec 7.3; 未知的文件 without a path, 文件下载失败 when it cannot open).
 */
export function DownloadLink({
  path,
  fileUrl,
  children,
}: {
  path?: string | null;
  fileUrl: (path: string) => string;
  children?: ReactNode;
}) {
  const href = path ? urlOf(path, fileUrl) : undefined;
  return (
    <a
      data-testid="upload-download"
      href={href}
      target="_blank"
      rel="noreferrer"
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        e.stopPropagation();
        downloadStoredFile(path, fileUrl);
      }}
    >
      {children ?? UPLOAD_TEXT.download}
    </a>
  );
}

/** A stored path's file name, shortened to 5 characters plus '...' with the full name as its tooltip (spec 9). */
export function ShortName({ path }: { path: string }) {
  const full = originalNameOf(path);
  return <span title={full}>{shortFileName(full)}</span>;
}

/**
 * One row of the file list (`data-testid="upload-item"`): state icon, the short name with the
 * state tooltip, progress while uploading, the error text, 下载 and 预览 links when done and a
 * remove button when editable.
 */
export function FileRow({
  item,
  fileUrl,
  onRemove,
}: {
  item: UploadItem;
  fileUrl: (path: string) => string;
  onRemove?: (uid: string) => void;
}) {
  const path = pathOf(item);
  const failed = item.status === 'error';
  const icon = item.status === 'uploading' ? <LoadingOutlined /> : failed ? <WarningOutlined /> : <PaperClipOutlined />;
  return (
    <div data-testid="upload-item" data-status={item.status} style={{ display: 'flex', alignItems: 'center', gap: 8, lineHeight: '24px' }}>
      <Typography.Text type={failed ? 'danger' : undefined}>{icon}</Typography.Text>
      <Tooltip title={<StatusTip item={item} />}>
        <Typography.Text type={failed ? 'danger' : undefined}>{item.name}</Typography.Text>
      </Tooltip>
      {item.status === 'uploading' ? <Progress percent={item.percent ?? 0} size="small" style={{ width: 120, margin: 0 }} /> : null}
      {failed ? <Typography.Text type="danger">{errorOf(item)}</Typography.Text> : null}
      {item.status === 'done' && path ? <DownloadLink path={path} fileUrl={fileUrl} /> : null}
      {item.status === 'done' && path ? <PreviewLink path={path} name={item.fileName || item.name} fileUrl={fileUrl} /> : null}
      {onRemove ? (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          title={UPLOAD_TEXT.remove}
          aria-label={UPLOAD_TEXT.remove}
          onClick={() => onRemove(item.uid)}
        />
      ) : null}
    </div>
  );
}
