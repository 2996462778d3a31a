/**
 * Reads a stored file for the preview (spec 9): a relative stored path through the request
 * port's `getBlob` (`/sys/common/static/<path>` with the caller's token and tenant, never as a
 * public address); an absolute http(s) address (object storage) with a plain GET without the
 * session's headers. The blob is given the MIME type its viewer needs (images, PDF).
 */
import type { RequestPort } from '../../../context/RuntimeContext.js';
import { previewMimeOf, storedFileRequestPath } from './preview-model.js';

/** The file's bytes as a Blob typed for its viewer; rejects when it cannot be read (the error's message says why). */
export async function readStoredFile(request: RequestPort, path: string): Promise<Blob> {
  const sub = storedFileRequestPath(path);
  let blob: Blob;
  if (sub && request.getBlob) blob = await request.getBlob(sub);
  else {
    const res = await fetch(sub ? request.fileUrl(path) : path);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    blob = await res.blob();
  }
  const mime = previewMimeOf(path);
  return mime && blob.type !== mime ? new Blob([blob], { type: mime }) : blob;
}
