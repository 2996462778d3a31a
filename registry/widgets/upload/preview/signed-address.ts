/**
 * The file address the online preview service fetches (spec 9 ONLINE_PREVIEW_URL). The service
 * runs elsewhere and sends no session, so a stored file's address carries a signature the server
 * makes for that one file, valid about ten minutes (GET /sys/common/preview/sign), never the
 * session's file key, which would open every file the user may see for hours.
 */
import type { RequestPort } from '../../../context/RuntimeContext.js';
import { signedFileAddress } from './preview-model.js';

/**
 * The address of `path` for the preview service: an http(s) path (object storage) as it is; a
 * stored path's static address (without the session's key) plus the server's `expires` and
 * `signature`. Rejects when the server refuses (the file is missing or not the caller's to read).
 */
export async function previewServiceAddress(request: RequestPort, path: string): Promise<string> {
  if (/^https?:\/\//i.test(path)) return path;
  const res = await request.get<{ expires: number; signature: string }>('/sys/common/preview/sign', { path });
  if (!res.success || !res.result) throw new Error(res.message || 'preview signature refused');
  return signedFileAddress(request.fileUrl(path, true), res.result.expires, res.result.signature);
}
