import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../context/RuntimeContext.js';
import { umeditorWidget } from './index.js';
import { cutText, decodeEntities, htmlToText, toStoredHtml, UMEDITOR_HEIGHT, UMEDITOR_TOOLBAR, uploadRichTextImage } from './model.js';

const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const envelope = (success: boolean, message: string): Envelope<unknown> => ({
  success,
  message,
  code: success ? 200 : 500,
  result: null,
  timestamp: 0,
});

/** A request port whose upload answers `answer` and records each form it got. */
function uploader(answer: () => Promise<Envelope<unknown>>) {
  const forms: { url: string; fields: Record<string, string> }[] = [];
  return {
    forms,
    request: {
      upload: async <T>(url: string, form: FormData) => {
        const fields: Record<string, string> = {};
        form.forEach((v, k) => (fields[k] = typeof v === 'string' ? v : `file:${(v as File).name}`));
        forms.push({ url, fields });
        return (await answer()) as Envelope<T>;
      },
      fileUrl: (p: string) => `http://static.example.com/${p}`,
    },
  };
}

describe('umeditor definition', () => {
  it('is the rich-text widget of spec 9', () => {
    expect(umeditorWidget.type).toBe('umeditor');
    expect(umeditorWidget.title).toBe('富文本');
    expect(umeditorWidget.defaultDbType).toBe('Text');
    expect(umeditorWidget.valueSchema).toEqual({ type: ['string', 'null'] });
    expect(UMEDITOR_HEIGHT).toBe(300);
  });
  it("has spec 9's toolbar", () => {
    const keys = UMEDITOR_TOOLBAR.flatMap((k) => (typeof k === 'string' ? [k] : [k.key, ...k.menuKeys]));
    for (const key of [
      'undo',
      'redo',
      'headerSelect',
      'bold',
      'italic',
      'justifyLeft',
      'justifyCenter',
      'justifyRight',
      'bulletedList',
      'numberedList',
      'indent',
      'delIndent',
      'insertLink',
      'uploadImage',
      'insertVideo',
      'insertTable',
      'clearStyle',
      'fullScreen',
    ]) {
      expect(keys, key).toContain(key);
    }
  });
});

describe('umeditor values and list text', () => {
  it('stores an empty document as null', () => {
    expect(toStoredHtml('<p><br></p>')).toBeNull();
    expect(toStoredHtml('<p></p>')).toBeNull();
    expect(toStoredHtml('')).toBeNull();
    expect(toStoredHtml(null)).toBeNull();
    expect(toStoredHtml('<p>x</p>', true)).toBeNull();
    expect(toStoredHtml('<p>x</p>')).toBe('<p>x</p>');
    expect(toStoredHtml('<p><img src="a.png"/></p>')).toBe('<p><img src="a.png"/></p>');
  });
  it('strips tags, scripts and styles and decodes entities', () => {
    expect(htmlToText('<h1>标题</h1><p>第一段<strong>粗</strong></p><p>a&nbsp;&lt;b&gt; &amp; &#x4e2d;&#25991;</p>')).toBe(
      '标题 第一段粗 a <b> & 中文',
    );
    expect(htmlToText('<p>x<script>alert(1)</script><style>p{}</style>y</p><!-- c -->')).toBe('x y');
    expect(htmlToText(null)).toBe('');
    expect(decodeEntities('&unknown; &#0; &QUOT;')).toBe('&unknown; &#0; "');
  });
  it('cuts at 25 characters with ...', () => {
    const text = '一二三四五六七八九十一二三四五六七八九十一二三四五六七';
    expect(cutText(text)).toBe(text.slice(0, 25) + '...');
    expect(cutText('短文本')).toBe('短文本');
    expect(cutText('a'.repeat(25))).toBe('a'.repeat(25));
    expect(cutText('😀'.repeat(26))).toBe('😀'.repeat(25) + '...');
  });
});

describe('umeditor image upload (spec 7.3)', () => {
  const file = () => new File([PNG_BYTES], 'a.png', { type: 'image/png' });

  it('posts file, biz=jeditor, jeditor=1 and inserts the stored file URL', async () => {
    const { request, forms } = uploader(async () => envelope(true, 'jeditor/20240101/a_1700.png'));
    await expect(uploadRichTextImage(request, file())).resolves.toBe('http://static.example.com/jeditor/20240101/a_1700.png');
    expect(forms).toEqual([{ url: '/sys/common/upload', fields: { file: 'file:a.png', biz: 'jeditor', jeditor: '1' } }]);
  });
  it("embeds the image as base64 when the server answers 'local'", async () => {
    const { request } = uploader(async () => envelope(true, 'local'));
    const src = await uploadRichTextImage(request, file());
    expect(src).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`);
  });
  it("refuses to embed what the sanitiser would drop (e.g. SVG) when 'local'", async () => {
    const { request } = uploader(async () => envelope(true, 'local'));
    const svg = new File(['<svg onload="alert(1)"/>'], 'a.svg', { type: 'image/svg+xml' });
    await expect(uploadRichTextImage(request, svg)).rejects.toThrow('本地保存只支持');
  });
  it("rejects with the server's message, or '{file} 上传失败.'", async () => {
    await expect(uploadRichTextImage(uploader(async () => envelope(false, '文件类型不允许')).request, file())).rejects.toThrow(
      '文件类型不允许',
    );
    await expect(uploadRichTextImage(uploader(async () => envelope(false, '')).request, file())).rejects.toThrow('a.png 上传失败.');
    await expect(uploadRichTextImage(uploader(async () => envelope(true, '')).request, file())).rejects.toThrow('a.png 上传失败.');
    await expect(uploadRichTextImage(uploader(() => Promise.reject(new Error('Network Error'))).request, file())).rejects.toThrow(
      'a.png 上传失败.',
    );
  });
});
