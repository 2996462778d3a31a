import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Image, Tooltip, Typography } from 'antd';
import { Progress } from '../../components/progress/index.js';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { StatusTip } from '../upload/FileRow.js';
import type { UploadItem } from '../upload/upload-model.js';
import type { MoveDirection } from './image-model.js';

/** Edge of an image card in px (antd's picture card size). */
export const IMAGE_CARD_SIZE = 104;

export interface ImageCardProps {
  item: UploadItem;
  /** Given when the list is editable: the ← / → buttons. */
  onMove?: (direction: MoveDirection) => void;
  /** Given when editable: the 删除 button. */
  onRemove?: () => void;
}

/**
 * One image of the list (`data-testid="upload-item"`): the thumbnail with preview when done
 * (antd Image inside the list's PreviewGroup), the progress circle while uploading, the failure
 * mark otherwise; the state tooltip (上传中 (n%) / 上传完成 / 上传失败); move and remove buttons.
 */
export function ImageCard({ item, onMove, onRemove }: ImageCardProps) {
  const size = IMAGE_CARD_SIZE;
  const failed = item.status === 'error';
  const src = item.thumbUrl || item.url;
  const body =
    item.status === 'done' && src ? (
      <Image src={src} alt={item.remark || item.fileName || item.name} width={size - 2} height={size - 2} style={{ objectFit: 'cover' }} />
    ) : item.status === 'uploading' ? (
      <Progress type="circle" value={item.percent} size={64} />
    ) : (
      <Typography.Text type="danger" style={{ textAlign: 'center', fontSize: 12 }}>
        <WarningOutlined style={{ fontSize: 20 }} />
        <div>{item.name}</div>
      </Typography.Text>
    );
  return (
    <div data-testid="upload-item" data-status={item.status} style={{ width: size }}>
      <Tooltip title={<StatusTip item={item} />}>
        <div
          style={{
            width: size,
            height: size,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            borderRadius: 8,
            border: `1px ${failed ? 'solid #ff4d4f' : 'solid #d9d9d9'}`,
          }}
        >
          {body}
        </div>
      </Tooltip>
      {onMove || onRemove ? (
        <div style={{ display: 'flex', justifyContent: 'center' }}>
          {onMove ? (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined />}
                title={UPLOAD_TEXT.moveLeft}
                aria-label={UPLOAD_TEXT.moveLeft}
                onClick={() => onMove('left')}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowRightOutlined />}
                title={UPLOAD_TEXT.moveRight}
                aria-label={UPLOAD_TEXT.moveRight}
                onClick={() => onMove('right')}
              />
            </>
          ) : null}
          {onRemove ? (
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              title={UPLOAD_TEXT.remove}
              aria-label={UPLOAD_TEXT.remove}
              onClick={onRemove}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
