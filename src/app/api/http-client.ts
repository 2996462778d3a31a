/**
 * A small HTTP client over XMLHttpRequest with the part of axios's interface the shell used
 * (get/post/put/delete with params, JSON bodies, blobs, upload progress, a timeout): the login
 * page's bundle carries this instead of axios. http.ts puts the JeecgBoot headers and the spec 8
 * error catalogue around it.
 */

/** A request as it leaves the client (the body already serialised). */
export interface RequestConfig {
  method: 'get' | 'post' | 'put' | 'delete';
  /** path under `baseURL` (or an absolute address) */
  url: string;
  baseURL: string;
  params?: Record<string, unknown>;
  /** JSON text, FormData, or undefined */
  data?: string | FormData;
  headers: Headers;
  /** milliseconds; 0 = none */
  timeout: number;
  responseType?: 'json' | 'blob';
  /** no spec 8 notifications for this request (logout, the notice bell's poll) */
  silent?: boolean;
  onUploadProgress?: (e: { loaded: number; total?: number }) => void;
}

/** Options of one call. */
export type RequestOptions = Partial<Pick<RequestConfig, 'params' | 'timeout' | 'responseType' | 'silent' | 'onUploadProgress'>> & {
  headers?: Record<string, string>;
};

/** An answer (any status; the client rejects outside 2xx). `data` is parsed JSON, text or a Blob. */
export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  config: RequestConfig;
  /** A header of the answer (case-insensitive), null when absent; absent in transports without headers. */
  header?: (name: string) => string | null;
}

/** Sends one request; replaceable (tests answer without a network). */
export type Transport = (config: RequestConfig) => Promise<HttpResponse>;

/**
 * A failed request: `response` set when the server answered outside 2xx; `code` is
 * 'ECONNABORTED' for a timeout, 'ERR_NETWORK' for a transport failure, 'ERR_CANCELED' for an abort.
 */
export class HttpError<T = unknown> extends Error {
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly config: RequestConfig,
    readonly code?: string,
    readonly response?: { status: number; data: T },
  ) {
    super(message);
  }
}

/** True for an error of this client (an HTTP status, a timeout or a transport failure). */
export function isHttpError<T = unknown>(err: unknown): err is HttpError<T> {
  return !!err && typeof err === 'object' && (err as { isHttpError?: unknown }).isHttpError === true;
}

/** Query string of `params` as axios wrote it: undefined left out, arrays as `k[]`, objects as `k[sub]`, dates in ISO. */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  const out = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null) out.append(key, '');
    else if (value instanceof Date) out.append(key, value.toISOString());
    else if (Array.isArray(value)) {
      for (const v of value) if (v !== undefined && v !== null) add(`${key}[]`, v);
    } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else out.append(key, String(value));
  };
  for (const [k, v] of Object.entries(params ?? {})) add(k, v);
  return out.toString();
}

/** The address of `config`: base + url (unless absolute) + query. */
export function requestUrl(config: RequestConfig): string {
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(config.url)
    ? config.url
    : config.baseURL.replace(/\/+$/, '') + '/' + config.url.replace(/^\/+/, '');
  const query = serializeParams(config.params);
  return query ? url + (url.includes('?') ? '&' : '?') + query : url;
}

function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The browser transport (XMLHttpRequest: upload progress and timeouts of its own). */
export const xhrTransport: Transport = (config) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(config.method.toUpperCase(), requestUrl(config), true);
    config.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.timeout = config.timeout;
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    if (config.onUploadProgress && xhr.upload) {
      const progress = config.onUploadProgress;
      xhr.upload.onprogress = (e) => progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    }
    xhr.onload = () => {
      const data = config.responseType === 'blob' ? (xhr.response as Blob) : parseBody(xhr.responseText);
      resolve({ data, status: xhr.status, config, header: (name) => xhr.getResponseHeader(name) });
    };
    xhr.onerror = () => reject(new HttpError('Network Error', config, 'ERR_NETWORK'));
    xhr.ontimeout = () => reject(new HttpError(`timeout of ${config.timeout}ms exceeded`, config, 'ECONNABORTED'));
    xhr.onabort = () => reject(new HttpError('canceled', config, 'ERR_CANCELED'));
    xhr.send(config.data ?? null);
  });

/**
 * A client: `before` completes each request (headers, params) before it is sent; an answer
 * outside 2xx rejects with an {@link HttpError} carrying the response; `after` sees every
 * answer and failure (it may replace the answer or reject).
 */
export function createHttpClient(opts: {
  baseURL: string;
  timeout: number;
  before?: (config: RequestConfig) => Promise<RequestConfig> | RequestConfig;
  after?: {
    answer?: (res: HttpResponse) => HttpResponse | Promise<HttpResponse>;
    failure?: (err: unknown) => Promise<never>;
  };
}) {
  const defaults = { baseURL: opts.baseURL, timeout: opts.timeout, transport: xhrTransport };
  async function request<T>(method: RequestConfig['method'], url: string, body: unknown, options: RequestOptions = {}) {
    const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
    let data: string | FormData | undefined;
    if (body instanceof FormData) data = body;
    else if (body !== undefined) {
      data = typeof body === 'string' ? body : JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
    for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
    let config: RequestConfig = {
      method,
      url,
      baseURL: defaults.baseURL,
      timeout: options.timeout ?? defaults.timeout,
      params: options.params,
      data,
      headers,
      responseType: options.responseType,
      silent: options.silent,
      onUploadProgress: options.onUploadProgress,
    };
    try {
      if (opts.before) config = await opts.before(config);
      const res = await defaults.transport(config);
      if (res.status < 200 || res.status >= 300) {
        throw new HttpError(`Request failed with status code ${res.status}`, config, undefined, { status: res.status, data: res.data });
      }
      return (opts.after?.answer ? await opts.after.answer(res) : res) as HttpResponse<T>;
    } catch (err) {
      if (opts.after?.failure && isHttpError(err)) return opts.after.failure(err);
      throw err;
    }
  }
  return {
    defaults,
    get: <T = unknown>(url: string, options?: RequestOptions) => request<T>('get', url, undefined, options),
    delete: <T = unknown>(url: string, options?: RequestOptions) => request<T>('delete', url, undefined, options),
    post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('post', url, body, options),
    put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) => request<T>('put', url, body, options),
  };
}
