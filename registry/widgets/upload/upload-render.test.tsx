import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RuntimeContext } from '../../context/RuntimeContext.js';
import type { ScreenField } from '../../../src/shared/generated/screen-schema.js';
import { fakeRequest, okResult } from '../../shared/fake-request.js';
import { memoryStorage } from '../../../src/runtime/storage.js';
import { UploadEdit } from './UploadEdit.js';
import { UploadCell, UploadRead } from './UploadRead.js';

const request = { ...fakeRequest(() => okResult(null)), fileUrl: (p: string) => `/jeecg-boot/sys/common/static/${p}` };
const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <RuntimeContext.Provider value={{ request, auth: [], allAuth: [], user: null, storage: memoryStorage() }}>
      {node}
    </RuntimeContext.Provider>,
  );
const count = (s: string, needle: string) => s.split(needle).length - 1;
const value = 'temp/20261122/开户许可证_0123456789abcdef.pdf,temp/20261122/a_0123456789abcdef.txt';
const field = { name: 'attachment', title: '附件', widget: 'file', dbType: 'string' } as ScreenField;

describe('upload widgets render the browser-test hooks (spec 2.6, 9)', () => {
  it('file edit: the 点击上传 input, one row per file with short names, download links and the popup button', () => {
    const out = html(<UploadEdit mode="file" value={value} />);
    expect(out).toMatch(/<input[^>]*data-testid="upload-input"[^>]*type="file"/);
    expect(out).toContain('点击上传');
    expect(count(out, 'data-testid="upload-item"')).toBe(2);
    expect(count(out, 'data-testid="upload-download"')).toBe(2);
    expect(count(out, 'data-testid="upload-preview"')).toBe(2);
    expect(out).toContain('开户许可证');
    expect(out).toContain('a.txt');
    expect(out).toContain('文件列表 (2)');
    expect(out).toContain('href="/jeecg-boot/sys/common/static/temp/20261122/a_0123456789abcdef.txt"');
  });
  it('hides the button when locked or at extend.uploadnum', () => {
    expect(html(<UploadEdit mode="file" value={value} disabled />)).not.toContain('upload-input');
    expect(html(<UploadEdit mode="file" value={value} extend={{ uploadnum: 2 }} />)).not.toContain('upload-input');
    expect(html(<UploadEdit mode="file" value={value} extend={{ uploadnum: 3 }} />)).toContain('upload-input');
  });
  it('image edit: thumbnails and the 添加图片 card', () => {
    const out = html(<UploadEdit mode="image" value="temp/a.png,https://cdn/b.png" />);
    expect(count(out, 'data-testid="upload-item"')).toBe(2);
    expect(out).toContain('添加图片');
    expect(out).toContain('src="https://cdn/b.png"');
    expect(html(<UploadEdit mode="image" value="temp/a.png" readOnly />)).not.toContain('添加图片');
  });
  it('read-pretty and cells: 下载 links for files, the first thumbnail for images', () => {
    expect(count(html(<UploadRead mode="file" value={value} />), 'data-testid="upload-download"')).toBe(2);
    expect(count(html(<UploadRead mode="file" value={value} />), '>预览</a>')).toBe(2);
    const cell = html(<UploadCell mode="file" value={value} record={{}} field={field} column="attachment" />);
    expect(count(cell, 'data-testid="upload-download"')).toBe(2);
    expect(cell).toContain('下载');
    expect(cell).toContain('开户许可证...');
    const img = html(<UploadCell mode="image" value="temp/a.png,temp/b.png" record={{}} field={field} column="photo" />);
    expect(count(img, '<img')).toBe(1);
    expect(img).toContain('src="/jeecg-boot/sys/common/static/temp/a.png"');
    expect(html(<UploadCell mode="file" value="" record={{}} field={field} column="attachment" />)).toBe('');
  });
});
