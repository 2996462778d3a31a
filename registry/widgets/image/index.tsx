import { createUploadWidget } from '../upload/index.js';

export { ImageEdit } from './ImageEdit.js';
export { ImageCell, ImageRead } from './ImageRead.js';
export { ImageDialog, type ImageDialogProps } from './ImageDialog.js';
export { ImageCard, IMAGE_CARD_SIZE, type ImageCardProps } from './ImageCard.js';
export * from './image-model.js';

/**
 * `image` — image upload (spec 2.6, 3, 5.6): thumbnails with preview, moved left/right, added
 * through the image upload dialog (本地上传 / 网络图片地址); images only (请上传图片); the
 * list cell shows the first thumbnail.
 */
export const imageWidget = createUploadWidget('image', '图片', 'image');
