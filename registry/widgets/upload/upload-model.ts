/**
 * The headless model of the upload widgets `upload`, `file` and `image` (spec 3 "Upload cell
 * value" / "Uploaded file result", 4.3 upload states, 5.6, 7.3 upload and download, 8, 9 file
 * names): stored value ⇄ file list, the list's state transitions, the texts each state shows,
 * failure notices and downloads. No React, no antd — the item shape matches antd's UploadFile.
 */
import { fileNameOf, shortFileName, splitValue } from '../../shared/format.js';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';

/** `file` (and `upload`): a file list; `image`: image thumbnails and the image upload dialog. */
export type UploadMode = 'file' | 'image';

/** Spec 4.3: the states of one file. */
export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

/** One entry of the upload list (structurally an antd UploadFile; spec 3 "Upload cell value"). */
export interface UploadItem {
  uid: string;
  /** Shown name: at most 5 characters plus '...' (spec 9). */
  name: string;
  /** Full file name. */
  fileName?: string;
  status?: UploadStatus;
  /** 0–100 while uploading. */
  percent?: number;
  /** Absolute address of the stored file (static prefix unless the path starts with http). */
  url?: string;
  thumbUrl?: string;
  /** `path`: the stored relative path, set when done; `message`: the error, set on failure. */
  response?: { path?: string; message?: string } | string;
  error?: unknown;
  /** MIME type and size in bytes of a chosen file. */
  type?: string;
  size?: number;
  /** Image dialog: the optional remark (alt text; not part of the stored value). */
  remark?: string;
  /** A done file (spec 3 "Uploaded file result"): the entry's id (its uid), the stored path twice
   * (`path`, `filePath`) and, for a file uploaded here, its size in bytes (`fileSize`). */
  id?: string;
  path?: string;
  filePath?: string;
  fileSize?: number;
  /** Image dialog: chosen in the open dialog, not yet confirmed — hidden from the list and the value. */
  draft?: boolean;
}

/** Spec 9: the default upload folder; spec 7.3: the upload endpoint. */
export const UPLOAD_BIZ = 'temp';
export const UPLOAD_URL = '/sys/common/upload';

/** Our server's uniquifier before the extension: `<stem>_<16 hex>.<ext>` (upload-store.ts). */
const UNIQUIFIER = /_[0-9a-f]{16}(?=\.[^./]*$|$)/i;

/**
 * The upload address (spec 7.3: /sys/common/upload, "or a custom action"): a custom `action` is
 * used when it is a path under the API base ('/my/upload'); anything else — an absolute URL, a
 * protocol-relative '//host', '..' segments — falls back to /sys/common/upload, so the token
 * header never leaves our API.
 */
export function uploadUrlOf(action?: string | null): string {
  const a = typeof action === 'string' ? action.trim() : '';
  if (/^\/[A-Za-z0-9_\-./]*$/.test(a) && !a.startsWith('//') && !a.split('/').includes('..')) return a;
  return UPLOAD_URL;
}

/** The upload folder of a field: `extend.biz` when set, else 'temp' (spec 9). */
export function bizOf(extend?: { biz?: string } | null): string {
  const biz = typeof extend?.biz === 'string' ? extend.biz.trim() : '';
  return biz || UPLOAD_BIZ;
}

/** The file count cap of a field (`extend.uploadnum`, a positive integer), else undefined (no cap). */
export function maxCountOf(extend?: { uploadnum?: number } | null): number | undefined {
  const n = extend?.uploadnum;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** How many more files fit under `max` when `count` are in the list (Infinity without a cap). */
export function roomFor(count: number, max: number | undefined): number {
  return max === undefined ? Infinity : Math.max(0, max - count);
}

/**
 * The multipart body of one upload (spec 7.3): `isup=1`, `biz`, then `file` — the folder comes
 * before the file, since a streaming server reads the parts in order.
 */
export function buildUploadForm(file: Blob, biz: string, fileName?: string): FormData {
  const form = new FormData();
  form.append('isup', '1');
  form.append('biz', biz);
  const name = fileName ?? (file as Blob & { name?: string }).name;
  if (name) form.append('file', file, name);
  else form.append('file', file);
  return form;
}

/** Absolute address of a stored path: http(s) paths as they are, others through `fileUrl` (the static prefix). */
export function urlOf(path: string, fileUrl: (path: string) => string): string {
  return /^https?:\/\//i.test(path) ? path : fileUrl(path);
}

/**
 * The file name of a stored path: the part after the last slash (spec 4.3), percent-decoded,
 * without our server's `_<16 hex>` uniquifier ('temp/20261122/合同_0123456789abcdef.pdf' → '合同.pdf').
 */
export function originalNameOf(path: string): string {
  let name = fileNameOf(path);
  try {
    name = decodeURIComponent(name);
  } catch {
    /* not percent-encoded: keep it */
  }
  return name.replace(UNIQUIFIER, '') || name;
}

/** The stored path of a list entry (response.path), if known. */
export function pathOf(item: UploadItem): string | undefined {
  const r = item.response;
  if (r && typeof r === 'object' && typeof r.path === 'string' && r.path) return r.path;
  return undefined;
}

/** A done list entry for a stored path (uid defaults to one derived from the path). */
export function storedItem(path: string, fileUrl: (path: string) => string, uid = `stored-${path}`, remark?: string): UploadItem {
  const full = originalNameOf(path);
  const url = urlOf(path, fileUrl);
  const item: UploadItem = {
    uid,
    id: uid,
    name: shortFileName(full),
    fileName: full,
    status: 'done',
    url,
    thumbUrl: url,
    path,
    filePath: path,
    response: { path },
  };
  if (remark) item.remark = remark;
  return item;
}

/** File-list entries for a stored value ('a/x.png,b/y.pdf'): done, linked through `fileUrl`. */
export function pathsToItems(value: unknown, fileUrl: (path: string) => string): UploadItem[] {
  return splitValue(value).map((path, i) => storedItem(path, fileUrl, `stored-${i}-${path}`));
}

/**
 * The value to emit for a file list: the comma-joined paths when every file is done (null for
 * an empty list); undefined while any file is uploading or failed — nothing is emitted then
 * (spec 4.3: the path value is emitted only when all files are done). Removed entries and
 * unconfirmed dialog drafts do not count.
 */
export function itemsToValue(items: readonly UploadItem[]): string | null | undefined {
  const live = visibleItems(items);
  if (!live.every((f) => f.status === 'done' && pathOf(f))) return undefined;
  return live.length ? live.map((f) => pathOf(f)!).join(',') : null;
}

/** The entries the list shows: neither removed nor an unconfirmed dialog draft. */
export function visibleItems(items: readonly UploadItem[]): UploadItem[] {
  return items.filter((f) => f.status !== 'removed' && !f.draft);
}

/** Whether a chosen file is an image (image mode accepts only these; spec 5.6 请上传图片). */
export function isImageFile(file: { type?: string; name?: string }): boolean {
  if (file.type) return file.type.startsWith('image/');
  return /\.(png|jpe?g|gif|bmp|webp|svg|ico)$/i.test(file.name ?? '');
}

/** A new entry for a chosen file: uploading at 0% (spec 4.3). */
export function startItem(file: { name?: string; type?: string; size?: number }, uid: string, draft = false): UploadItem {
  const full = file.name || '';
  const item: UploadItem = { uid, name: shortFileName(full), fileName: full, status: 'uploading', percent: 0 };
  if (file.type) item.type = file.type;
  if (file.size !== undefined) item.size = file.size;
  if (draft) item.draft = true;
  return item;
}

/**
 * The upload answer settleItem reads (spec 7.3): the stored path is in `message`, or — for an
 * upload cell with `responseName` (JVxeTable) — in the answer's field of that name when it holds
 * a string. Input: the server's envelope (anything else counts as no answer). Returns
 * `{success, message}` or null.
 */
export function uploadAnswer(res: unknown, responseName?: string): { success: boolean; message?: string } | null {
  if (!res || typeof res !== 'object') return null;
  const r = res as Record<string, unknown>;
  const success = r.success === true;
  const named = responseName ? r[responseName] : undefined;
  const message = success && typeof named === 'string' ? named : typeof r.message === 'string' ? r.message : undefined;
  return { success, message };
}

/**
 * Applies an upload answer to an entry: success with a path in `message` → done, linked, short
 * name; anything else (`success:false`, no path, no answer) → error with the server's message,
 * default 未知错误 (spec 4.3).
 */
export function settleItem(
  item: UploadItem,
  answer: { success: boolean; message?: string } | null,
  fileUrl: (path: string) => string,
  unknownError: string = UPLOAD_TEXT.unknownError,
): UploadItem {
  if (answer && answer.success && answer.message) {
    const path = answer.message;
    const full = item.fileName || item.name || originalNameOf(path);
    const url = urlOf(path, fileUrl);
    const { error: _error, ...rest } = item;
    const done: UploadItem = {
      ...rest,
      id: item.uid,
      status: 'done',
      percent: 100,
      name: shortFileName(full),
      fileName: full,
      url,
      thumbUrl: url,
    };
    Object.assign(done, { path, filePath: path, response: { path } });
    if (typeof item.size === 'number') done.fileSize = item.size;
    return done;
  }
  const message = (answer && !answer.success && answer.message) || unknownError;
  return { ...item, status: 'error', response: { message }, error: new Error(message) };
}

/**
 * The message of a rejected upload request: the server envelope's `message` when the HTTP error
 * carried one, a plain Error's own message, else 未知错误. (Transport errors have already been
 * shown by the request layer; axios' English texts are not repeated.)
 */
export function errorMessageOf(e: unknown, unknownError: string = UPLOAD_TEXT.unknownError): string {
  if (e && typeof e === 'object') {
    const data = (e as { response?: { data?: unknown } }).response?.data;
    if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
      const m = (data as { message: string }).message;
      if (m) return m;
    }
    if (e instanceof Error && !(e as { isAxiosError?: boolean }).isAxiosError && e.message) return e.message;
  }
  return unknownError;
}

/** The events of an upload list (spec 4.3 states uploading / done / error / removed). */
export type UploadEvent =
  /** A chosen file starts uploading (appended). */
  | { type: 'start'; item: UploadItem }
  /** Upload progress 0–100 of an uploading entry. */
  | { type: 'progress'; uid: string; percent: number }
  /** The server's answer for an uploading entry (`success:false` → error). */
  | { type: 'answer'; uid: string; answer: { success: boolean; message?: string } | null }
  /** The request failed (transport or HTTP error). */
  | { type: 'failure'; uid: string; message?: string }
  /** The user removed an entry (an answer arriving later is ignored). */
  | { type: 'remove'; uid: string }
  /** Done entries added as they are (network images). */
  | { type: 'add'; items: UploadItem[] }
  /** Image dialog confirmed: drafts join the list, failed drafts are dropped; `add` entries are appended. */
  | { type: 'commitDrafts'; add?: UploadItem[] }
  /** Image dialog cancelled: every draft is dropped. */
  | { type: 'dropDrafts' }
  /** Moves an entry to another index of the visible list. */
  | { type: 'move'; uid: string; to: number }
  /** The value changed from outside: the list is rebuilt from it. */
  | { type: 'reset'; items: UploadItem[] };

/**
 * The upload list's transition function: returns the next list, or the very same array when the
 * event changes nothing (an answer for a removed entry, progress of a finished one …).
 */
export function uploadReducer(items: UploadItem[], event: UploadEvent, fileUrl: (path: string) => string): UploadItem[] {
  const patch = (uid: string, fn: (item: UploadItem) => UploadItem | null) => {
    let changed = false;
    const next = items.map((f) => {
      if (f.uid !== uid) return f;
      const out = fn(f);
      if (!out || out === f) return f;
      changed = true;
      return out;
    });
    return changed ? next : items;
  };
  switch (event.type) {
    case 'start':
      return [...items.filter((f) => f.uid !== event.item.uid), event.item];
    case 'progress':
      return patch(event.uid, (f) => {
        if (f.status !== 'uploading') return null;
        const percent = Math.max(0, Math.min(100, Math.round(Number(event.percent) || 0)));
        return percent === f.percent ? null : { ...f, percent };
      });
    case 'answer':
      return patch(event.uid, (f) => (f.status === 'uploading' ? settleItem(f, event.answer, fileUrl) : null));
    case 'failure':
      return patch(event.uid, (f) =>
        f.status === 'uploading' ? settleItem(f, { success: false, message: event.message }, fileUrl) : null,
      );
    case 'remove':
      return items.some((f) => f.uid === event.uid) ? items.filter((f) => f.uid !== event.uid) : items;
    case 'add':
      return event.items.length ? [...items, ...event.items] : items;
    case 'commitDrafts': {
      const add = event.add ?? [];
      if (!items.some((f) => f.draft) && !add.length) return items;
      const kept = items
        .filter((f) => !(f.draft && f.status === 'error'))
        .map((f) => {
          if (!f.draft) return f;
          const { draft: _draft, ...rest } = f;
          return rest;
        });
      return [...kept, ...add];
    }
    case 'dropDrafts':
      return items.some((f) => f.draft) ? items.filter((f) => !f.draft) : items;
    case 'move': {
      const visible = visibleItems(items);
      const from = visible.findIndex((f) => f.uid === event.uid);
      if (from < 0 || event.to < 0 || event.to >= visible.length || event.to === from) return items;
      const moved = [...visible];
      const [item] = moved.splice(from, 1);
      moved.splice(event.to, 0, item);
      return [...moved, ...items.filter((f) => f.status === 'removed' || f.draft)];
    }
    case 'reset':
      return event.items;
  }
}

/**
 * The tooltip of an entry (spec 8 "Upload"): 上传中 (n%) / 上传完成 / 上传失败 with the error
 * message (未知错误 without one) as the detail line.
 */
export function statusTip(item: UploadItem): { title: string; detail?: string } {
  switch (item.status) {
    case 'uploading':
      return { title: UPLOAD_TEXT.uploading(Math.round(item.percent ?? 0)) };
    case 'error':
      return { title: UPLOAD_TEXT.failed, detail: errorOf(item) };
    default:
      return { title: UPLOAD_TEXT.done };
  }
}

/** The error message of a failed entry, 未知错误 without one (spec 4.3). */
export function errorOf(item: UploadItem): string {
  const r = item.response;
  if (typeof r === 'string' && r) return r;
  if (r && typeof r === 'object' && r.message) return r.message;
  if (item.error instanceof Error && item.error.message) return item.error.message;
  return UPLOAD_TEXT.unknownError;
}

/** What to show when an entry fails (spec 8 "Upload"). */
export type FailureNotice = { kind: 'modal'; title: string; content: string } | { kind: 'message'; content: string };

/**
 * The notice for a failed entry: image mode opens the 上传出错 dialog with 错误信息: <message>;
 * file mode shows '{file} 上传失败.' (文件上传失败 when the file has no name).
 */
export function failureNotice(mode: UploadMode, item: UploadItem): FailureNotice {
  if (mode === 'image') return { kind: 'modal', title: UPLOAD_TEXT.errorTitle, content: UPLOAD_TEXT.errorMessage(errorOf(item)) };
  const name = item.fileName || item.name;
  return { kind: 'message', content: name ? UPLOAD_TEXT.fileFailed(name) : UPLOAD_TEXT.uploadFailed };
}

/** The outcome of a download (spec 7.3, 8 "Downloads"). */
export type DownloadOutcome = { ok: true; url: string } | { ok: false; level: 'warning' | 'error'; message: string };

/**
 * Opens a stored file in a new window (spec 7.3: `open(fileUrl(path))`). No path → 未知的文件;
 * `open` throwing or returning null (a blocked window) → 文件下载失败.
 */
export function openStoredFile(
  path: string | null | undefined,
  fileUrl: (path: string) => string,
  open: (url: string) => unknown,
): DownloadOutcome {
  const p = typeof path === 'string' ? path.trim() : '';
  if (!p) return { ok: false, level: 'warning', message: UPLOAD_TEXT.unknownFile };
  try {
    const url = urlOf(p, fileUrl);
    if (!url || !open(url)) return { ok: false, level: 'error', message: UPLOAD_TEXT.downloadFailed };
    return { ok: true, url };
  } catch {
    return { ok: false, level: 'error', message: UPLOAD_TEXT.downloadFailed };
  }
}

let uidSeq = 0;
/** A fresh list-entry uid. */
export function newUid(prefix = 'upload'): string {
  uidSeq += 1;
  return `${prefix}-${Date.now().toString(36)}-${uidSeq}`;
}
