import { describe, expect, it } from 'vitest';
import { startItem, storedItem, type UploadItem } from '../upload/upload-model.js';
import { confirmImageDialog, isNetworkImageUrl, moveTarget, networkImagePath } from './image-model.js';

const fileUrl = (p: string) => `/static/${p}`;

describe('moving images (spec 5.6)', () => {
  it('moves left and right inside the list', () => {
    expect(moveTarget(1, 3, 'left')).toEqual({ to: 0 });
    expect(moveTarget(1, 3, 'right')).toEqual({ to: 2 });
    expect(moveTarget(0, 3, 'right')).toEqual({ to: 1 });
    expect(moveTarget(2, 3, 'left')).toEqual({ to: 1 });
  });
  it('warns 未知的操作 moving the first to the left, 已到最后~ moving the last to the right', () => {
    expect(moveTarget(0, 3, 'left')).toEqual({ warning: '未知的操作' });
    expect(moveTarget(2, 3, 'right')).toEqual({ warning: '已到最后~' });
    expect(moveTarget(0, 1, 'right')).toEqual({ warning: '已到最后~' });
    expect(moveTarget(5, 3, 'left')).toEqual({ warning: '未知的操作' });
    expect(moveTarget(-1, 3, 'right')).toEqual({ warning: '未知的操作' });
  });
});

describe('network image address (spec 2.6, 5.6)', () => {
  it('is free text that starts with http:// or https://', () => {
    expect(isNetworkImageUrl('https://img.example.com/a.png')).toBe(true);
    expect(isNetworkImageUrl('  http://x/任意 ')).toBe(true);
    expect(isNetworkImageUrl('ftp://x/a.png')).toBe(false);
    expect(isNetworkImageUrl('javascript:alert(1)')).toBe(false);
    expect(isNetworkImageUrl('https://')).toBe(false);
  });
  it('escapes commas, which separate stored paths', () => {
    expect(networkImagePath(' https://x/a,b.png ')).toBe('https://x/a%2Cb.png');
  });
});

describe('confirming the image dialog (spec 2.6, 5.6)', () => {
  const done: UploadItem = { ...storedItem('temp/p.png', fileUrl, 'd1'), draft: true };
  const failed: UploadItem = { ...startItem({ name: 'q.png' }, 'd2', true), status: 'error' };

  it('warns 未上传任何文件 with nothing uploaded or entered (failed uploads do not count)', () => {
    expect(confirmImageDialog({ drafts: [], url: '', count: 0 })).toEqual({ warning: '未上传任何文件' });
    expect(confirmImageDialog({ drafts: [failed], url: '   ', count: 2 })).toEqual({ warning: '未上传任何文件' });
  });
  it('accepts uploads, or an address with an optional remark', () => {
    expect(confirmImageDialog({ drafts: [done, failed], url: '', count: 0 })).toEqual({ network: null });
    expect(confirmImageDialog({ drafts: [], url: 'https://x/a.png', count: 0 })).toEqual({ network: { path: 'https://x/a.png' } });
    expect(confirmImageDialog({ drafts: [done], url: 'https://x/a.png', remark: ' 封面 ', count: 0 })).toEqual({
      network: { path: 'https://x/a.png', remark: '封面' },
    });
  });
  it('refuses an address not starting with http(s)', () => {
    expect(confirmImageDialog({ drafts: [done], url: 'www.example.com/a.png', count: 0 })).toEqual({
      warning: '网络图片地址须以 http:// 或 https:// 开头',
    });
  });
  it('keeps to extend.uploadnum', () => {
    expect(confirmImageDialog({ drafts: [], url: 'https://x/a.png', count: 2, max: 2 })).toEqual({ warning: '最多上传 2 个文件' });
    expect(confirmImageDialog({ drafts: [done], url: 'https://x/a.png', count: 1, max: 3 })).toEqual({
      network: { path: 'https://x/a.png' },
    });
  });
});
