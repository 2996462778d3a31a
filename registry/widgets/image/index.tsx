import { createUploadWidget } from '../upload/index.js';

/** `image` — image upload (images only, 请上传图片); list cell shows a thumbnail (spec 3: image). */
export const imageWidget = createUploadWidget('image', '图片', 'image');
