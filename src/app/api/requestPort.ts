import type { RequestPort } from '../../../registry/context/RuntimeContext';
import { deleteAction, downloadFile, fileUrl, getAction, postAction, putAction, uploadAction } from './http';

/**
 * The RequestPort of the runtime context (registry/context/RuntimeContext.tsx) backed by the
 * shell's axios helpers: token, tenant-id, _t, signature and the spec 8 error catalogue.
 * Every method resolves with the envelope; rejects only on HTTP/transport errors (already shown).
 */
export const requestPort: RequestPort = {
  get: (url, params) => getAction(url, params),
  post: (url, body, params) => postAction(url, body, params),
  put: (url, body) => putAction(url, body),
  delete: (url, params) => deleteAction(url, params),
  upload: (url, form, onProgress) => uploadAction(url, form, onProgress),
  download: (url, params, fileName) => downloadFile(url, params as never, fileName),
  getBlob: (url, params) => import('./blob').then((m) => m.getBlob(url, params)),
  fileUrl,
};
