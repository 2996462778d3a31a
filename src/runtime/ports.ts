/**
 * The ports of the client runtime: what the widgets and renderers need from the world, as plain
 * types (no React). The app shell implements them (the HTTP client, the signed-in session, the browser's
 * storage); tests implement them with fakes. The React context that hands them down lives in
 * registry/context/RuntimeContext.tsx.
 */
import type { Envelope } from '../shared/envelope.js';
import type { PermissionEntry } from '../shared/permission.js';

export type { Envelope, PermissionEntry };

/**
 * The request port the renderers and widgets use. The app shell supplies it (the HTTP client with the
 * token, tenant-id, _t and the error catalogue of spec 8); tests may supply their own.
 * Every method resolves with the envelope (success true or false) and rejects only on a
 * transport error or an HTTP error status, which the shell has already shown to the user.
 * Paths are relative to the API base, e.g. '/sys/dict/getDictItems/sex'.
 */
export interface RequestPort {
  get<T = unknown>(url: string, params?: Record<string, unknown>): Promise<Envelope<T>>;
  post<T = unknown>(url: string, body?: unknown, params?: Record<string, unknown>): Promise<Envelope<T>>;
  put<T = unknown>(url: string, body?: unknown): Promise<Envelope<T>>;
  delete<T = unknown>(url: string, params?: Record<string, unknown>): Promise<Envelope<T>>;
  /** multipart upload; `onProgress` gets 0-100. */
  upload<T = unknown>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<Envelope<T>>;
  /** GETs a file (blob) and saves it as `fileName`; a JSON answer resolves as the envelope (spec 7). */
  download?(url: string, params: Record<string, unknown> | undefined, fileName: string): Promise<Envelope<null>>;
  /**
   * GETs `url` (relative to the API base) as a blob with the session's token and tenant — a
   * stored file for the preview (spec 7 "GET returning a binary blob"). Rejects on an HTTP error
   * or when the server answers a JSON envelope instead of the file (its message is the error's).
   */
  getBlob?(url: string, params?: Record<string, unknown>): Promise<Blob>;
  /**
   * Absolute URL of a stored file path (spec 7: static domain prefix unless it starts with http),
   * carrying the session's file key unless `stored` (a URL kept inside saved content).
   */
  fileUrl(path: string, stored?: boolean): string;
}

/**
 * Rejection handler for a request whose failure the shell has already shown (HTTP error status,
 * transport error): `request.get(...).then(onAnswer, NOT_AGAIN)` ends the chain without an
 * unhandled rejection and without telling the user a second time.
 */
export const NOT_AGAIN = (): void => undefined;

/** The signed-in user as the runtime needs it (defaults #{sysUserCode}, #{sysOrgCode}). */
export interface RuntimeUser {
  id: string;
  username: string;
  realname: string;
  orgCode?: string;
}

/**
 * Key/value storage (the Web Storage subset the client uses): the browser's localStorage in the
 * shell, an in-memory map in tests and without a browser ({@link memoryStorage} in storage.ts).
 * Keys and values are strings; `setItem` may drop a value silently (quota, disabled storage).
 */
export interface StoragePort {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The part of the browser WebSocket the runtime uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

/**
 * Opens a websocket to `path` under the API base (e.g. `/vxeSocket/{userId}/{pageId}`) carrying
 * the session's token as the Sec-WebSocket-Protocol value (spec 7.3 websockets, api-contract
 * §9.1). May throw when no socket can be opened.
 */
export type SocketOpener = (path: string) => SocketLike;

/** Everything the runtime takes from the shell: requests, the user's permissions, the user, storage. */
export interface RuntimePorts {
  request: RequestPort;
  /** auth: buttons the user holds; allAuth: every defined button rule. */
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  user: RuntimeUser | null;
  storage: StoragePort;
  /** The first page size of a list (系统设置 列表默认每页条数) when the list offers it; default its smallest. */
  defaultPageSize?: number;
  /** Websockets of the signed-in session; absent where there is none (tests, no session). */
  socket?: SocketOpener;
}
