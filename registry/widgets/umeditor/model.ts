/**
 * Headless parts of the `umeditor` rich-text widget (spec 9 "Editors", spec 7.3 "Rich text
 * image upload"): toolbar, upload, value normalisation and the list text. No React, no DOM.
 */
import type { RequestPort } from '../../context/RuntimeContext.js';
import { RICH_TEXT_DATA_IMAGE } from '../../../src/shared/rich-text-policy.js';

/** Spec 9: rich text height 300 (extend.height overrides). */
export const UMEDITOR_HEIGHT = 300;
/** Spec 9: list texts cut at 25 characters. */
export const UMEDITOR_CELL_MAX = 25;
/** Spec 7.3: the upload endpoint and the rich-text form fields. */
export const UMEDITOR_UPLOAD_URL = '/sys/common/upload';
export const UMEDITOR_UPLOAD_BIZ = 'jeditor';

export const UMEDITOR_TEXT = {
  placeholder: '请输入内容...',
  uploadFailed: (name: string) => `${name} 上传失败.`,
  localFormat: '本地保存只支持 png、jpeg、gif、webp 图片',
  badImageUrl: '图片地址不合法（仅支持 http、https）',
  badLinkUrl: '链接地址不合法（仅支持 http、https、mailto）',
  badVideoUrl: '视频地址不合法（仅支持 http、https）',
  justify: '对齐',
  indent: '缩进',
} as const;

/** A wangEditor toolbar menu group (structurally its IMenuGroup). */
export interface ToolbarGroup {
  key: string;
  title: string;
  iconSvg?: string;
  menuKeys: string[];
}

/**
 * Spec 9's rich-text toolbar as wangEditor toolbarKeys: undo, redo, format (headings), bold,
 * italic, alignment, bulleted/numbered lists, indent, link, image (by address and upload),
 * media (video by address), table, clear style (removeformat), fullscreen.
 */
export const UMEDITOR_TOOLBAR: (string | ToolbarGroup)[] = [
  'undo',
  'redo',
  '|',
  'headerSelect',
  '|',
  'bold',
  'italic',
  '|',
  {
    key: 'group-justify',
    title: UMEDITOR_TEXT.justify,
    iconSvg:
      '<svg viewBox="0 0 1024 1024"><path d="M768 793.6v102.4H51.2v-102.4h716.8z m204.8-230.4v102.4H51.2v-102.4h921.6z m-204.8-230.4v102.4H51.2v-102.4h716.8zM972.8 102.4v102.4H51.2V102.4h921.6z"></path></svg>',
    menuKeys: ['justifyLeft', 'justifyCenter', 'justifyRight', 'justifyJustify'],
  },
  '|',
  'bulletedList',
  'numberedList',
  {
    key: 'group-indent',
    title: UMEDITOR_TEXT.indent,
    iconSvg:
      '<svg viewBox="0 0 1024 1024"><path d="M0 64h1024v128H0z m384 192h640v128H384z m0 192h640v128H384z m0 192h640v128H384zM0 832h1024v128H0z m0-128V320l256 192z"></path></svg>',
    menuKeys: ['indent', 'delIndent'],
  },
  '|',
  'insertLink',
  'insertImage',
  'uploadImage',
  'insertVideo',
  'insertTable',
  '|',
  'clearStyle',
  'fullScreen',
];

/** The stored value of the editor's HTML: an empty document ('', '<p><br></p>') is null. */
export function toStoredHtml(html: string | null | undefined, isEmpty = false): string | null {
  if (isEmpty || html === undefined || html === null) return null;
  const compact = html.replace(/\s+/g, '');
  if (compact === '' || /^(<p>(<br\/?>)?<\/p>)+$/i.test(compact)) return null;
  return html;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the common named and the numeric character references. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    const n = name.toLowerCase();
    if (n.startsWith('#')) {
      const code = n.startsWith('#x') ? parseInt(n.slice(2), 16) : parseInt(n.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[n] ?? whole;
  });
}

/** The text content of rich-text HTML: tags removed (script/style with their content), entities decoded, whitespace collapsed. */
export function htmlToText(html: unknown): string {
  if (html === undefined || html === null || html === '') return '';
  const text = String(html)
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|td|th|blockquote|pre)\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Cuts a text at `max` characters (code points) with '...' (spec 9 ellipsis). */
export function cutText(text: string, max = UMEDITOR_CELL_MAX): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') + '...' : text;
}

/** Reads a file as a base64 data URL (works in the browser and in node). */
export async function fileToDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/**
 * Uploads an image of the rich-text editor (spec 7.3): POST /sys/common/upload with `file`,
 * `biz`=jeditor, `jeditor`=1. The server answers the stored path in `message`, or 'local'
 * when the image is to be embedded: then the image becomes a base64 data URL (png, jpeg, gif,
 * webp — what the sanitiser keeps). Resolves with the image's src; rejects with an Error whose
 * message is the text to show.
 */
export async function uploadRichTextImage(request: Pick<RequestPort, 'upload' | 'fileUrl'>, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', UMEDITOR_UPLOAD_BIZ);
  form.append('jeditor', '1');
  let res;
  try {
    res = await request.upload<unknown>(UMEDITOR_UPLOAD_URL, form);
  } catch {
    throw new Error(UMEDITOR_TEXT.uploadFailed(file.name));
  }
  if (!res || !res.success) throw new Error(res?.message || UMEDITOR_TEXT.uploadFailed(file.name));
  if (res.message === 'local') {
    const dataUrl = await fileToDataUrl(file);
    if (!RICH_TEXT_DATA_IMAGE.test(dataUrl)) throw new Error(UMEDITOR_TEXT.localFormat);
    return dataUrl;
  }
  if (!res.message) throw new Error(UMEDITOR_TEXT.uploadFailed(file.name));
  return request.fileUrl(res.message, true);
}
