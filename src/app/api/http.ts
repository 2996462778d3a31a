import { createHttpClient, type HttpError, type HttpResponse, type RequestConfig } from './http-client';
import type { Envelope } from '../../shared/envelope';
import { ACCESS_TOKEN, FILE_KEY, TENANT_ID, getItem, setItem } from '../utils/storage';
import { needsSignature } from '../utils/signPaths';
import { isDeniedEnvelope } from './errorCatalogue';
import { handleHttpError, showAccessDenied } from './errors';

/**
 * The request layer (spec 7 "Calls", spec 8, api-contract §1): one HTTP client (http-client.ts) with the
 * JeecgBoot headers and the error catalogue. Helpers resolve with the envelope
 * `{success, message, code, result, timestamp}` — `success:false` is not an error here, the
 * caller shows `message` — and reject only on HTTP errors / transport failures (already shown).
 */

export type { Envelope };
export { isHttpError, HttpError } from './http-client';

/** Error raised for a JeecgBoot "no permission" answer (HTTP 200, code 510). */
export class AccessDeniedError extends Error {
  constructor(public readonly envelope: Envelope) {
    super(envelope.message || '没有权限，请联系管理员授权');
  }
}

/** True when `data` has the shape of the result envelope (a `success` key). */
export function isEnvelope(data: unknown): data is Envelope {
  return !!data && typeof data === 'object' && 'success' in data;
}

/** Adds the JeecgBoot headers, `_t` on GETs and the signature where the server wants one. */
async function prepare(config: RequestConfig): Promise<RequestConfig> {
  const token = getItem<string>(ACCESS_TOKEN);
  if (token && !config.headers.has('X-Access-Token')) config.headers.set('X-Access-Token', token);
  const tenant = getItem<string | number>(TENANT_ID);
  config.headers.set('tenant-id', tenant === null || tenant === '' ? '0' : String(tenant));
  const url = config.url;
  if (config.method === 'get' && !url.includes('/sys/dict/getDictItems/')) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...(config.params ?? {}) };
  }
  if (needsSignature(url)) {
    // js-md5 loads on demand: only the dictionary calls are signed (login bundle budget)
    const { computeSign, signTimestamp } = await import('../utils/sign');
    // the signature covers a JSON body as its object (the text is what the client serialised)
    const body = config.method === 'get' || typeof config.data !== 'string' ? undefined : (JSON.parse(config.data) as unknown);
    config.headers.set('X-Sign', computeSign(url, config.params, body));
    config.headers.set('X-TIMESTAMP', signTimestamp());
  }
  return config;
}

/**
 * The shared client: baseURL = API base, timeout 60000 ms (spec 7, 9); a JeecgBoot 510 answer
 * rejects with {@link AccessDeniedError} after 拒绝访问 is shown; HTTP failures go through the
 * spec 8 catalogue (errors.ts), then reject with the {@link HttpError}.
 */
export const http = createHttpClient({
  baseURL: __API_BASE__,
  timeout: 60000,
  before: prepare,
  after: {
    answer: (response: HttpResponse) => {
      // the signed-in user's file key (files.ts: <img> and download links carry it)
      const fileKey = response.header?.('x-file-key');
      if (fileKey && fileKey !== getItem<string>(FILE_KEY)) setItem(FILE_KEY, fileKey);
      const data: unknown = response.data;
      if (isDeniedEnvelope(data)) {
        if (!response.config.silent) showAccessDenied();
        return Promise.reject(new AccessDeniedError(data as Envelope));
      }
      return response;
    },
    failure: async (error: unknown) => {
      await handleHttpError(error as HttpError);
      return Promise.reject(error);
    },
  },
});

type Params = Record<string, unknown>;

/** GET `url` with query `params`. Resolves with the envelope (spec 7). */
export async function getAction<T = unknown>(url: string, params?: Params): Promise<Envelope<T>> {
  return (await http.get<Envelope<T>>(url, { params })).data;
}

/** POST JSON `body` (and optional query `params`) to `url`. Resolves with the envelope (spec 7). */
export async function postAction<T = unknown>(url: string, body?: unknown, params?: Params): Promise<Envelope<T>> {
  return (await http.post<Envelope<T>>(url, body, { params })).data;
}

/** PUT JSON `body` to `url`. Resolves with the envelope (spec 7). */
export async function putAction<T = unknown>(url: string, body?: unknown): Promise<Envelope<T>> {
  return (await http.put<Envelope<T>>(url, body)).data;
}

/** DELETE `url` with query `params` (never a body, api-contract §1.1). Resolves with the envelope. */
export async function deleteAction<T = unknown>(url: string, params?: Params): Promise<Envelope<T>> {
  return (await http.delete<Envelope<T>>(url, { params })).data;
}

/**
 * Multipart POST of `formData` to `url` (spec 7.3 upload). `onProgress` receives 0–100.
 * Resolves with the envelope (the stored path is in `message`, api-contract §6.4).
 */
export async function uploadAction<T = unknown>(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  const res = await http.post<Envelope<T>>(url, formData, {
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(Math.round((e.loaded * 100) / e.total));
    },
  });
  return res.data;
}

/**
 * GETs `url` as a blob and saves it as `fileName` (spec 7 "GET returning a binary blob").
 * Resolves with the server envelope when it answers JSON (e.g. success:false), otherwise with
 * a synthetic success envelope; an empty blob resolves with success:false 文件下载失败.
 */
export async function downloadFile(url: string, params: Params | undefined, fileName: string): Promise<Envelope<null>> {
  const res = await http.get<Blob>(url, { params, responseType: 'blob' });
  const blob = res.data;
  const envelope = (success: boolean, message = ''): Envelope<null> => ({
    success,
    message,
    code: success ? 200 : 500,
    result: null,
    timestamp: Date.now(),
  });
  if (!blob || blob.size === 0) return envelope(false, '文件下载失败');
  if (blob.type.includes('application/json')) {
    try {
      const parsed = JSON.parse(await blob.text()) as Envelope<null>;
      if (isEnvelope(parsed)) return parsed;
    } catch {
      /* not JSON after all: save it */
    }
  }
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return envelope(true);
}

/**
 * URL of a stored file (spec 7): `path` as is when it starts with http(s), else
 * `${__API_BASE__}/sys/common/static/<path>` with the session's file key (`?fk=`, the server
 * serves a non-public file only with it). `stored`: a URL kept inside content (rich text), which
 * must not carry the session's key (such images live in a public folder). Empty input returns ''.
 */
export function fileUrl(path: string, stored = false): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path)) return path;
  const url = `${__API_BASE__}/sys/common/static/${path.replace(/^\/+/, '')}`;
  const key = stored ? null : getItem<string>(FILE_KEY);
  return key ? `${url}?fk=${encodeURIComponent(key)}` : url;
}
