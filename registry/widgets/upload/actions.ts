/**
 * The antd side of the upload model: showing failure notices and downloading a stored file
 * (spec 7.3, 8 "Upload" and "Downloads"). Kept apart from the headless model.
 */
import { message, Modal } from 'antd';
import { openStoredFile, type DownloadOutcome, type FailureNotice } from './upload-model.js';

/** Shows a failure notice: the 上传出错 dialog (Modal.error) or an error message. */
export function showFailure(notice: FailureNotice): void {
  if (notice.kind === 'modal') Modal.error({ title: notice.title, content: notice.content });
  else void message.error(notice.content);
}

/**
 * Downloads a stored file (spec 7.3): opens `fileUrl(path)` in a new window; warns 未知的文件
 * without a path and shows 文件下载失败 when the window cannot be opened. Returns the outcome.
 */
export function downloadStoredFile(path: string | null | undefined, fileUrl: (path: string) => string): DownloadOutcome {
  const outcome = openStoredFile(path, fileUrl, (url) => window.open(url, '_blank'));
  if (!outcome.ok) {
    if (outcome.level === 'warning') void message.warning(outcome.message);
    else void message.error(outcome.message);
  }
  return outcome;
}
