/**
 * Headless parts of the `markdown` widget (spec 9 "Editors"): heights, zh-CN labels, the
 * image upload, line indentation and the preview's sanitising. No React, no DOM needed.
 */
import type { RequestPort } from '../../context/RuntimeContext.js';
import { isSafeUrl } from '../../../src/shared/rich-text-policy.js';

/** Spec 9: markdown min height 200px, default 300px (extend.height overrides, never below the minimum). */
export const MARKDOWN_MIN_HEIGHT = 200;
export const MARKDOWN_HEIGHT = 300;
export const MARKDOWN_UPLOAD_URL = '/sys/common/upload';
/** Images embedded in content go to the public folder of editor images (the stored text links them). */
export const MARKDOWN_UPLOAD_BIZ = 'jeditor';
/** Indentation unit of the indent/outdent buttons (tab size 2). */
export const MARKDOWN_INDENT = '  ';

/** zh-CN labels of the toolbar (the component's own Chinese set mislabels some buttons). */
export const MARKDOWN_TEXT = {
  placeholder: '请输入内容...',
  title: '标题',
  heading: ['一级标题', '二级标题', '三级标题', '四级标题', '五级标题', '六级标题'],
  bold: '粗体 (ctrl + b)',
  italic: '斜体 (ctrl + i)',
  strikethrough: '删除线 (ctrl + shift + x)',
  hr: '分割线 (ctrl + h)',
  quote: '引用 (ctrl + q)',
  unorderedList: '无序列表 (ctrl + shift + u)',
  orderedList: '有序列表 (ctrl + shift + o)',
  checkedList: '任务列表 (ctrl + shift + c)',
  indent: '增加缩进',
  outdent: '减少缩进',
  table: '表格',
  link: '链接 (ctrl + l)',
  code: '行内代码 (ctrl + j)',
  codeBlock: '代码块 (ctrl + shift + j)',
  imageUpload: '上传图片',
  edit: '编辑',
  live: '实时预览',
  preview: '预览',
  fullscreen: '全屏',
  uploading: '图片上传中...',
  uploadFailed: (name: string) => `${name} 上传失败.`,
} as const;

/** The editor height for `extend.height`: default 300, at least 200. */
export function markdownHeight(height: unknown): number {
  const h = typeof height === 'number' && Number.isFinite(height) ? height : MARKDOWN_HEIGHT;
  return Math.max(h, MARKDOWN_MIN_HEIGHT);
}

/** The stored value of the editor's text: '' is null. */
export function toStoredMarkdown(text: string | null | undefined): string | null {
  return text === undefined || text === null || text === '' ? null : text;
}

/** Markdown of an image: the name with brackets escaped, the URL with spaces and parentheses encoded. */
export function markdownImage(name: string, url: string): string {
  const alt = name.replace(/[\\[\]]/g, (c) => '\\' + c).replace(/[\r\n]+/g, ' ');
  const src = url.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `![${alt}](${src})`;
}

/**
 * Uploads an image for the markdown editor: POST /sys/common/upload with `file` and
 * `biz`=jeditor (public: the stored text links it); the stored path comes back in `message`. Resolves with `![name](fileUrl)`;
 * rejects with an Error whose message is the text to show.
 */
export async function uploadMarkdownImage(request: Pick<RequestPort, 'upload' | 'fileUrl'>, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', MARKDOWN_UPLOAD_BIZ);
  let res;
  try {
    res = await request.upload<unknown>(MARKDOWN_UPLOAD_URL, form);
  } catch {
    throw new Error(MARKDOWN_TEXT.uploadFailed(file.name));
  }
  if (!res || !res.success || !res.message) throw new Error(res?.message || MARKDOWN_TEXT.uploadFailed(file.name));
  return markdownImage(file.name, request.fileUrl(res.message, true));
}

export interface TextSelection {
  start: number;
  end: number;
}

/** The result of {@link shiftLines}: replace text[from, to) with `replacement`, then select `selection`. */
export interface LineShift {
  from: number;
  to: number;
  replacement: string;
  selection: TextSelection;
}

/**
 * Indents (dir 1) or outdents (dir -1) the lines the selection touches by {@link MARKDOWN_INDENT}
 * (outdent removes up to that many leading spaces, or one tab).
 */
export function shiftLines(text: string, sel: TextSelection, dir: 1 | -1, unit = MARKDOWN_INDENT): LineShift {
  const start = Math.max(0, Math.min(sel.start, sel.end, text.length));
  let end = Math.min(Math.max(sel.start, sel.end), text.length);
  if (end > start && text[end - 1] === '\n') end--; // a selection ending at a line start leaves that line alone
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  const to = nl < 0 ? text.length : nl;
  const lines = text.slice(from, to).split('\n');
  const deltas = lines.map((line) => {
    if (dir === 1) return unit.length;
    if (line.startsWith('\t')) return -1;
    let n = 0;
    while (n < unit.length && line[n] === ' ') n++;
    return -n;
  });
  const replacement = lines.map((line, i) => (dir === 1 ? unit + line : line.slice(-deltas[i]))).join('\n');
  const total = deltas.reduce((a, b) => a + b, 0);
  const first = deltas[0];
  const selStart = Math.max(from, Math.min(sel.start, sel.end) + first);
  const selEnd = Math.max(selStart, Math.max(sel.start, sel.end) + total);
  return { from, to, replacement, selection: { start: selStart, end: selEnd } };
}

/** A node of the markdown syntax tree (mdast), as far as {@link remarkSanitizeHtml} needs it. */
export interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/**
 * A remark plugin that passes every raw HTML node of the markdown through `sanitize` (the
 * shared rich-text policy) before it is rendered; HTML comments — which the preview would
 * otherwise read as attribute instructions (`<!--rehype:…-->`) — go with it.
 */
export function remarkSanitizeHtml(sanitize: (html: string) => string) {
  const walk = (node: MdNode) => {
    if (node.type === 'html' && typeof node.value === 'string') node.value = sanitize(node.value);
    node.children?.forEach(walk);
  };
  return () => (tree: MdNode) => walk(tree);
}

/**
 * The preview's URL filter: a link or image URL that the shared policy refuses (javascript:,
 * data: other than raster images, unknown schemes) becomes ''.
 */
export function safeUrlTransform(url: string, key: string, node: { tagName: string }): string {
  return isSafeUrl(node.tagName, key, url) ? url : '';
}
