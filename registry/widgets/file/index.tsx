import { createUploadWidget } from '../upload/index.js';

/**
 * `file` — file upload (spec 2.6, 3 "Column types": file): a 点击上传 button, one row per file,
 * the file popup; the list cell shows each file's short name with a 下载 link.
 */
export const fileWidget = createUploadWidget('file', '文件', 'file');
