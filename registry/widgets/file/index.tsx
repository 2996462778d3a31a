import { createUploadWidget } from '../upload/index.js';

/** `file` — file upload; list cell shows a 下载 link (spec 3 "Column types": file). */
export const fileWidget = createUploadWidget('file', '文件', 'file');
