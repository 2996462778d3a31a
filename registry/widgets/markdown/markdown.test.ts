import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../context/RuntimeContext.js';
import { markdownWidget } from './index.js';
import {
  MARKDOWN_HEIGHT,
  MARKDOWN_MIN_HEIGHT,
  markdownHeight,
  markdownImage,
  remarkSanitizeHtml,
  safeUrlTransform,
  shiftLines,
  toStoredMarkdown,
  uploadMarkdownImage,
  type MdNode,
} from './model.js';

const envelope = (success: boolean, message: string): Envelope<unknown> => ({
  success,
  message,
  code: success ? 200 : 500,
  result: null,
  timestamp: 0,
});

describe('markdown definition', () => {
  it('is the markdown widget of spec 9', () => {
    expect(markdownWidget.type).toBe('markdown');
    expect(markdownWidget.title).toBe('Markdown');
    expect(markdownWidget.defaultDbType).toBe('Text');
    expect(markdownWidget.valueSchema).toEqual({ type: ['string', 'null'] });
  });
  it('is 300 high by default, extend.height overrides, never below 200', () => {
    expect(MARKDOWN_HEIGHT).toBe(300);
    expect(MARKDOWN_MIN_HEIGHT).toBe(200);
    expect(markdownHeight(undefined)).toBe(300);
    expect(markdownHeight(500)).toBe(500);
    expect(markdownHeight(120)).toBe(200);
    expect(markdownHeight('400')).toBe(300);
  });
  it('stores an empty text as null', () => {
    expect(toStoredMarkdown('')).toBeNull();
    expect(toStoredMarkdown(undefined)).toBeNull();
    expect(toStoredMarkdown('# a')).toBe('# a');
  });
});

describe('markdown image upload', () => {
  it('posts file and biz=jeditor and inserts ![name](fileUrl)', async () => {
    const forms: Record<string, string>[] = [];
    const request = {
      upload: async <T>(url: string, form: FormData) => {
        const f: Record<string, string> = { url };
        form.forEach((v, k) => (f[k] = typeof v === 'string' ? v : (v as File).name));
        forms.push(f);
        return envelope(true, 'temp/20240101/my pic_1.png') as Envelope<T>;
      },
      fileUrl: (p: string) => `/jeecg-boot/sys/common/static/${p}`,
    };
    const md = await uploadMarkdownImage(request, new File(['x'], 'my [pic].png', { type: 'image/png' }));
    expect(md).toBe('![my \\[pic\\].png](/jeecg-boot/sys/common/static/temp/20240101/my%20pic_1.png)');
    expect(forms).toEqual([{ url: '/sys/common/upload', file: 'my [pic].png', biz: 'jeditor' }]);
  });
  it("rejects with the server's message or '{file} 上传失败.'", async () => {
    const req = (answer: () => Promise<Envelope<unknown>>) => ({
      upload: async <T>() => (await answer()) as Envelope<T>,
      fileUrl: (p: string) => p,
    });
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await expect(
      uploadMarkdownImage(
        req(async () => envelope(false, '文件过大')),
        file,
      ),
    ).rejects.toThrow('文件过大');
    await expect(
      uploadMarkdownImage(
        req(async () => envelope(true, '')),
        file,
      ),
    ).rejects.toThrow('a.png 上传失败.');
    await expect(
      uploadMarkdownImage(
        req(() => Promise.reject(new Error('x'))),
        file,
      ),
    ).rejects.toThrow('a.png 上传失败.');
  });
  it('escapes the name and encodes the URL', () => {
    expect(markdownImage('a]b\\c', 'http://x/(1) 2.png')).toBe('![a\\]b\\\\c](http://x/%281%29%202.png)');
  });
});

describe('indent / outdent', () => {
  const apply = (text: string, r: ReturnType<typeof shiftLines>) => text.slice(0, r.from) + r.replacement + text.slice(r.to);

  it('indents the line of the caret by two spaces and moves the caret with it', () => {
    const text = 'a\n- item\nb';
    const r = shiftLines(text, { start: 5, end: 5 }, 1);
    expect(apply(text, r)).toBe('a\n  - item\nb');
    expect(r.selection).toEqual({ start: 7, end: 7 });
  });
  it('indents every selected line, not the line after a trailing newline', () => {
    const text = 'x\ny\nz';
    const r = shiftLines(text, { start: 0, end: 4 }, 1);
    expect(apply(text, r)).toBe('  x\n  y\nz');
    expect(r.selection).toEqual({ start: 2, end: 8 });
  });
  it('outdents up to two spaces or one tab per line', () => {
    const text = '    a\n b\n\tc\nd';
    const r = shiftLines(text, { start: 0, end: text.length }, -1);
    expect(apply(text, r)).toBe('  a\nb\nc\nd');
    expect(r.selection.start).toBe(0);
    expect(r.selection.end).toBe(text.length - 4);
  });
  it('keeps the caret inside the line when outdenting from the indentation', () => {
    const text = '  a';
    const r = shiftLines(text, { start: 1, end: 1 }, -1);
    expect(apply(text, r)).toBe('a');
    expect(r.selection).toEqual({ start: 0, end: 0 });
  });
});

describe('preview sanitising', () => {
  it('passes every raw HTML node of the markdown tree through the sanitiser', () => {
    const tree: MdNode = {
      type: 'root',
      children: [
        { type: 'html', value: '<img src=x onerror=alert(1)>' },
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: '<b>not html</b>' },
            { type: 'html', value: '<!--rehype:onclick=x-->' },
          ],
        },
      ],
    };
    remarkSanitizeHtml((h) => `[${h.length}]`)()(tree);
    expect(tree.children?.[0].value).toBe('[28]');
    expect(tree.children?.[1].children?.[0].value).toBe('<b>not html</b>');
    expect(tree.children?.[1].children?.[1].value).toBe('[23]');
  });
  it('blanks unsafe link and image URLs', () => {
    expect(safeUrlTransform('javascript:alert(1)', 'href', { tagName: 'a' })).toBe('');
    expect(safeUrlTransform('https://a.com', 'href', { tagName: 'a' })).toBe('https://a.com');
    expect(safeUrlTransform('mailto:a@b.cn', 'href', { tagName: 'a' })).toBe('mailto:a@b.cn');
    expect(safeUrlTransform('data:image/svg+xml;base64,PHN2Zz4=', 'src', { tagName: 'img' })).toBe('');
    expect(safeUrlTransform('data:image/png;base64,iVBORw0KGgo=', 'src', { tagName: 'img' })).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeUrlTransform('temp/a.png', 'src', { tagName: 'img' })).toBe('temp/a.png');
  });
});
