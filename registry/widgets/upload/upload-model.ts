/**
 * The headless model of the upload widgets (spec 4.3 upload states, 5.6 image mode, 9 file
 * names): stored value ⇄ file list. No React, no antd — the shapes match antd's UploadFile.
 */
import { fileNameOf, shortFileName, splitValue } from '../../shared/format.js';

export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

/** One entry of the upload list (structurally an antd UploadFile). */
export interface UploadItem {
  uid: string;
  /** Shown name: at most 5 characters plus '...'. */
  name: string;
  /** Full file name. */
  fileName?: string;
  status?: UploadStatus;
  percent?: number;
  url?: string;
  thumbUrl?: string;
  /** Stored relative path, set when done. */
  response?: { path?: string; message?: string } | string;
  error?: unknown;
  type?: string;
}

/** Default upload folder (spec 9) and the upload endpoint (api-contract §9). */
export const UPLOAD_BIZ = 'temp';
export const UPLOAD_URL = '/sys/common/upload';

/** The stored path of a list entry (response.path), if known. */
export function pathOf(item: UploadItem): string | undefined {
  const r = item.response;
  if (r && typeof r === 'object' && typeof r.path === 'string' && r.path) return r.path;
  return undefined;
}

/** File-list entries for a stored value ('a/x.png,b/y.pdf'): done, linked through `fileUrl`. */
export function pathsToItems(value: unknown, fileUrl: (path: string) => string): UploadItem[] {
  return splitValue(value).map((path, i) => {
    const full = fileNameOf(path);
    const url = fileUrl(path);
    return {
      uid: `stored-${i}-${path}`,
      name: shortFileName(full),
      fileName: full,
      status: 'done',
      url,
      thumbUrl: url,
      response: { path },
    };
  });
}

/**
 * The value to emit for a file list: the comma-joined paths when every file is done (null for
 * an empty list); undefined while any file is uploading or failed — nothing is emitted then
 * (spec 4.3: the path value is emitted only when all files are done).
 */
export function itemsToValue(items: readonly UploadItem[]): string | null | undefined {
  const live = items.filter((f) => f.status !== 'removed');
  if (!live.every((f) => f.status === 'done' && pathOf(f))) return undefined;
  return live.length ? live.map((f) => pathOf(f)!).join(',') : null;
}

/** Whether a chosen file is an image (image mode accepts only these; spec 5.6 请上传图片). */
export function isImageFile(file: { type?: string; name?: string }): boolean {
  if (file.type) return file.type.startsWith('image/');
  return /\.(png|jpe?g|gif|bmp|webp|svg|ico)$/i.test(file.name ?? '');
}

/**
 * Applies an upload answer to an entry: success → done with the path from `message` and the
 * short name; failure → error with the server's message, default 未知错误 (spec 4.3).
 */
export function settleItem(
  item: UploadItem,
  answer: { success: boolean; message?: string } | null,
  fileUrl: (path: string) => string,
  unknownError: string,
): UploadItem {
  if (answer && answer.success && answer.message) {
    const path = answer.message;
    const full = item.fileName ?? item.name ?? fileNameOf(path);
    const url = fileUrl(path);
    return { ...item, status: 'done', percent: 100, name: shortFileName(full), fileName: full, url, thumbUrl: url, response: { path } };
  }
  return {
    ...item,
    status: 'error',
    response: { message: answer?.message || unknownError },
    error: new Error(answer?.message || unknownError),
  };
}
