import { PlusOutlined } from '@ant-design/icons';
import { Button, Image, message } from 'antd';
import { useState } from 'react';
import type { WidgetProps } from '../../shared/props.js';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import { useUploadList } from '../upload/useUploadList.js';
import { IMAGE_CARD_SIZE, ImageCard } from './ImageCard.js';
import { ImageDialog } from './ImageDialog.js';
import { moveTarget, type MoveDirection } from './image-model.js';

/**
 * Edit renderer of `image` (spec 2.6, 4.3, 5.6): the images as thumbnails with preview, each
 * movable left/right (未知的操作 at the first, 已到最后~ past the last) and removable, and the
 * 添加图片 card opening the image upload dialog. Values as in file mode: the comma-joined paths,
 * emitted only when every image is done; extend.uploadnum caps the count (the card hides at the
 * cap); `action` replaces the upload path (spec 7.3); failures open the 上传出错 dialog.
 */
export function ImageEdit({ value, onChange, extend, disabled, readOnly, action }: WidgetProps<string> & { action?: string }) {
  const list = useUploadList({ value, onChange, mode: 'image', extend, action });
  const [dialog, setDialog] = useState(false);
  const locked = !!(disabled || readOnly);

  const move = (index: number, direction: MoveDirection) => {
    const target = moveTarget(index, list.visible.length, direction);
    if ('warning' in target) void message.warning(target.warning);
    else list.dispatch({ type: 'move', uid: list.visible[index].uid, to: target.to });
  };

  return (
    <div className="upload-widget upload-widget-image">
      <Image.PreviewGroup>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {list.visible.map((item, i) => (
            <ImageCard
              key={item.uid}
              item={item}
              onMove={locked ? undefined : (direction) => move(i, direction)}
              onRemove={locked ? undefined : () => list.dispatch({ type: 'remove', uid: item.uid })}
            />
          ))}
          {locked || list.room <= 0 ? null : (
            <Button
              type="dashed"
              data-testid="image-add"
              onClick={() => setDialog(true)}
              style={{ width: IMAGE_CARD_SIZE, height: IMAGE_CARD_SIZE, display: 'flex', flexDirection: 'column', gap: 8 }}
            >
              <PlusOutlined />
              <span>{UPLOAD_TEXT.addImage}</span>
            </Button>
          )}
        </div>
      </Image.PreviewGroup>
      {locked ? null : <ImageDialog open={dialog} list={list} onClose={() => setDialog(false)} />}
    </div>
  );
}
