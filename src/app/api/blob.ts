/**
 * GET returning a binary blob (spec 7), for the file preview: kept out of http.ts so the login
 * page's bundle does not carry it (the request port loads it on the first use).
 */
import type { Envelope } from '../../shared/envelope';
import { http, isEnvelope } from './http';

/** Error of {@link getBlob} when the server answered a JSON envelope instead of the file. */
export class BlobAnswerError extends Error {
  constructor(public readonly envelope: Envelope) {
    super(envelope.message || '文件加载失败');
  }
}

/**
 * GETs `url` (under the API base) as a blob with the session's headers (spec 7 "GET returning a
 * binary blob"): the file preview reads stored files this way, never as public addresses.
 * Resolves with the blob; rejects with {@link BlobAnswerError} when the server answers a JSON
 * envelope (success:false …), and like every helper on HTTP errors (already shown).
 */
export async function getBlob(url: string, params?: Record<string, unknown>): Promise<Blob> {
  const res = await http.get<Blob>(url, { params, responseType: 'blob' });
  const blob = res.data;
  if (blob.type.includes('application/json')) {
    try {
      const parsed = JSON.parse(await blob.text()) as Envelope;
      if (isEnvelope(parsed)) throw new BlobAnswerError(parsed);
    } catch (e) {
      if (e instanceof BlobAnswerError) throw e;
      /* not JSON after all: it is the file */
    }
  }
  return blob;
}
