/**
 * The file preview's headless rules (spec 9 "online preview URL"): which viewer a stored file
 * gets from its name, the online preview service's address (a kkFileView-style service:
 * `${ONLINE_PREVIEW_URL}?url=<base64 of the file's absolute address>`), where the preview reads
 * the file (under the API base, with the caller's session), the signed address the service
 * fetches instead, and how text bytes are decoded.
 * No React, no browser library.
 */
/** The built-in viewers; `none` = not previewable here (a message and a download button). */
export type PreviewKind = 'image' | 'pdf' | 'docx' | 'xlsx' | 'text' | 'markdown' | 'none';

const KIND_BY_EXT: Record<string, PreviewKind> = {
  ...Object.fromEntries(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'ico'].map((e) => [e, 'image' as const])),
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  md: 'markdown',
  markdown: 'markdown',
  ...Object.fromEntries(
    [
      'txt',
      'log',
      'csv',
      'tsv',
      'json',
      'xml',
      'yml',
      'yaml',
      'ini',
      'conf',
      'properties',
      'sql',
      'html',
      'htm',
      'css',
      'js',
      'ts',
      'java',
      'py',
      'sh',
    ].map((e) => [e, 'text' as const]),
  ),
};

/** The MIME type a viewer needs for a blob URL (the server sends most files as force-download). */
const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

/**
 * The formats a kkFileView-style online preview service handles (its documented list: office
 * documents, PDF/OFD, text and code, images, archives, CAD, media). With ONLINE_PREVIEW_URL set,
 * these go to the service; the others keep the built-in viewers.
 */
export const ONLINE_PREVIEW_EXTENSIONS: ReadonlySet<string> = new Set([
  ...['doc', 'docx', 'xls', 'xlsx', 'xlsm', 'ppt', 'pptx', 'csv', 'tsv', 'rtf', 'wps', 'dps', 'et', 'odt', 'ods', 'odp', 'vsd', 'vsdx'],
  ...['pdf', 'ofd', 'txt', 'xml', 'md', 'json', 'java', 'py', 'js', 'css', 'sql', 'log', 'properties', 'yml', 'yaml', 'html', 'htm'],
  ...['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'ico', 'tif', 'tiff', 'tga', 'psd', 'eps', 'emf', 'wmf'],
  ...['zip', 'rar', 'jar', 'tar', 'gzip', 'gz', '7z', 'dwg', 'dxf', 'xmind', 'bpmn', 'epub'],
  ...['mp3', 'wav', 'mp4', 'flv', 'avi', 'mov', 'wmv', 'mkv', 'webm'],
]);

/** Largest part of a text file shown (bytes): 1 MB; the rest is left out with a note. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;
/** Rows shown per worksheet of an Excel file; the rest is left out with a note. */
export const SHEET_PREVIEW_MAX_ROWS = 500;
/** Columns shown per worksheet (A … CV). */
export const SHEET_PREVIEW_MAX_COLS = 100;

/** The lower-case extension of a stored path or file name ('' without one). */
export function extensionOf(pathOrName: string): string {
  const name = (pathOrName.split(/[?#]/)[0] ?? '').split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The built-in viewer of a file, from its name's extension. */
export function previewKindOf(pathOrName: string): PreviewKind {
  return KIND_BY_EXT[extensionOf(pathOrName)] ?? 'none';
}

/** The MIME type to give the fetched bytes so the browser shows them (images, PDF); '' for the rest. */
export function previewMimeOf(pathOrName: string): string {
  return MIME_BY_EXT[extensionOf(pathOrName)] ?? '';
}

/** True when the online preview service `base` is set and handles this file's format. */
export function usesOnlinePreview(base: string | null | undefined, pathOrName: string): boolean {
  return !!base && ONLINE_PREVIEW_EXTENSIONS.has(extensionOf(pathOrName));
}

/** Base64 of a string's UTF-8 bytes (file addresses may hold Chinese names). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The online preview address of a file: `${base}?url=<encodeURIComponent(base64(fileAddress))>`
 * (kkFileView 3.x/4.x form; `&url=` when `base` already has a query). `fileAddress` must be
 * absolute (the service fetches it itself).
 */
export function onlinePreviewUrl(base: string, fileAddress: string): string {
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}url=${encodeURIComponent(base64Utf8(fileAddress))}`;
}

/**
 * A stored file's static address `url` (without the session's file key) signed for the online
 * preview service: `url?expires=<epoch s>&signature=<the server's>` (`&` when `url` has a query).
 */
export function signedFileAddress(url: string, expires: number, signature: string): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}expires=${encodeURIComponent(String(expires))}&signature=${encodeURIComponent(signature)}`;
}

/** `url` made absolute against `origin` (the page's), unless it already is. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * Where the preview GETs a stored file through the request port: the static path under the API
 * base (`/sys/common/static/<path>`) for a stored relative path; null for an absolute http(s)
 * address (an object-storage file), which is read without the session's headers.
 */
export function storedFileRequestPath(path: string): string | null {
  if (/^https?:\/\//i.test(path)) return null;
  return `/sys/common/static/${path.replace(/^\/+/, '')}`;
}

/**
 * Text of a text file's bytes: UTF-8 (a BOM dropped), else GB18030 (files saved by Chinese
 * Windows editors); at most {@link TEXT_PREVIEW_MAX_BYTES} are decoded — `truncated` says so.
 */
export function decodeText(bytes: Uint8Array, max = TEXT_PREVIEW_MAX_BYTES): { text: string; truncated: boolean } {
  const truncated = bytes.length > max;
  let part = truncated ? bytes.subarray(0, max) : bytes;
  if (part[0] === 0xef && part[1] === 0xbb && part[2] === 0xbf) part = part.subarray(3);
  try {
    // stream: a multi-byte character cut at the limit is left out instead of failing
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(part, { stream: truncated }), truncated };
  } catch {
    return { text: new TextDecoder('gb18030').decode(part), truncated };
  }
}
