import { describe, expect, it } from 'vitest';
import { UPLOAD_TEXT } from '../../shared/upload-texts.js';
import {
  bizOf,
  buildUploadForm,
  errorMessageOf,
  errorOf,
  failureNotice,
  itemsToValue,
  maxCountOf,
  openStoredFile,
  originalNameOf,
  pathsToItems,
  roomFor,
  startItem,
  uploadAnswer,
  statusTip,
  storedItem,
  uploadReducer,
  uploadUrlOf,
  urlOf,
  visibleItems,
  type UploadEvent,
  type UploadItem,
} from './upload-model.js';

const fileUrl = (p: string) => `/jeecg-boot/sys/common/static/${p}`;
const run = (events: UploadEvent[], start: UploadItem[] = []) => events.reduce((items, e) => uploadReducer(items, e, fileUrl), start);

describe('upload texts (spec 4.3, 5.6, 8, 9)', () => {
  it('are the spec texts in natural Chinese', () => {
    expect(UPLOAD_TEXT.upload).toBe('点击上传');
    expect(UPLOAD_TEXT.uploading(42)).toBe('上传中 (42%)');
    expect(UPLOAD_TEXT.done).toBe('上传完成');
    expect(UPLOAD_TEXT.failed).toBe('上传失败');
    expect(UPLOAD_TEXT.unknownError).toBe('未知错误');
    expect(UPLOAD_TEXT.fileFailed('a.pdf')).toBe('a.pdf 上传失败.');
    expect(UPLOAD_TEXT.uploadFailed).toBe('文件上传失败');
    expect(UPLOAD_TEXT.noFile).toBe('未上传任何文件');
    expect(UPLOAD_TEXT.errorTitle).toBe('上传出错');
    expect(UPLOAD_TEXT.errorMessage('x')).toBe('错误信息: x');
    expect(UPLOAD_TEXT.unknownMove).toBe('未知的操作');
    expect(UPLOAD_TEXT.atLast).toBe('已到最后~');
    expect(UPLOAD_TEXT.imageOnly).toBe('请上传图片');
    expect(UPLOAD_TEXT.unknownFile).toBe('未知的文件');
    expect(UPLOAD_TEXT.downloadFailed).toBe('文件下载失败');
    expect(UPLOAD_TEXT.download).toBe('下载');
    expect([UPLOAD_TEXT.addImage, UPLOAD_TEXT.localTab, UPLOAD_TEXT.networkTab]).toEqual(['添加图片', '本地上传', '网络图片地址']);
  });
});

describe('field options', () => {
  it('uploads into extend.biz, default temp (spec 9)', () => {
    expect(bizOf(undefined)).toBe('temp');
    expect(bizOf({})).toBe('temp');
    expect(bizOf({ biz: '  ' })).toBe('temp');
    expect(bizOf({ biz: 'contract' })).toBe('contract');
  });
  it('caps the count by extend.uploadnum (a positive integer)', () => {
    expect(maxCountOf({ uploadnum: 3 })).toBe(3);
    expect(maxCountOf({ uploadnum: 0 })).toBeUndefined();
    expect(maxCountOf({ uploadnum: 1.5 })).toBeUndefined();
    expect(maxCountOf(undefined)).toBeUndefined();
    expect(roomFor(1, 3)).toBe(2);
    expect(roomFor(5, 3)).toBe(0);
    expect(roomFor(5, undefined)).toBe(Infinity);
  });
  it('posts to /sys/common/upload or a custom action under the API base, never elsewhere (spec 7.3)', () => {
    expect(uploadUrlOf(undefined)).toBe('/sys/common/upload');
    expect(uploadUrlOf('')).toBe('/sys/common/upload');
    expect(uploadUrlOf('/contract/upload')).toBe('/contract/upload');
    for (const bad of ['https://evil.example/upload', '//evil.example/upload', 'upload', '/a/../sys/user', '/a b', 'javascript:alert(1)']) {
      expect(uploadUrlOf(bad), bad).toBe('/sys/common/upload');
    }
  });
});

describe('upload request body (spec 7.3)', () => {
  it('sends isup=1 and biz before the file, under the file name', async () => {
    const file = new File(['hello'], '合同.pdf', { type: 'application/pdf' });
    const form = buildUploadForm(file, 'contract');
    expect([...form.keys()]).toEqual(['isup', 'biz', 'file']);
    expect(form.get('isup')).toBe('1');
    expect(form.get('biz')).toBe('contract');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('合同.pdf');
    expect(await sent.text()).toBe('hello');
  });
});

describe('paths and names (spec 4.3, 9)', () => {
  it('prefixes stored paths with the static address unless they start with http', () => {
    expect(urlOf('temp/20261122/a.png', fileUrl)).toBe('/jeecg-boot/sys/common/static/temp/20261122/a.png');
    expect(urlOf('https://cdn.example.com/a.png', fileUrl)).toBe('https://cdn.example.com/a.png');
    expect(urlOf('HTTP://x/a.png', fileUrl)).toBe('HTTP://x/a.png');
  });
  it('derives the name from the part after the last slash, without our _<16 hex> suffix', () => {
    expect(originalNameOf('temp/20261122/开户许可证_0123456789abcdef.pdf')).toBe('开户许可证.pdf');
    expect(originalNameOf('temp/20261122/readme_0123456789ABCDEF')).toBe('readme');
    expect(originalNameOf('temp/contract_1700.pdf')).toBe('contract_1700.pdf');
    expect(originalNameOf('temp/a_0123456789abcdef.tar.gz')).toBe('a_0123456789abcdef.tar.gz');
    expect(originalNameOf('https://x/img/%E5%9B%BE%E7%89%87.png?x=1')).toBe('图片.png');
    expect(originalNameOf('temp/100%.txt')).toBe('100%.txt');
  });
  it('turns a stored value into done entries with names of at most 5 characters plus ...', () => {
    const items = pathsToItems('temp/20261122/开户许可证书_0123456789abcdef.pdf,https://cdn/x.png', fileUrl);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      name: '开户许可证...',
      fileName: '开户许可证书.pdf',
      status: 'done',
      url: '/jeecg-boot/sys/common/static/temp/20261122/开户许可证书_0123456789abcdef.pdf',
      response: { path: 'temp/20261122/开户许可证书_0123456789abcdef.pdf' },
    });
    expect(items[1]).toMatchObject({ name: 'x.png', url: 'https://cdn/x.png' });
    expect(itemsToValue(items)).toBe('temp/20261122/开户许可证书_0123456789abcdef.pdf,https://cdn/x.png');
    expect(pathsToItems('', fileUrl)).toEqual([]);
    expect(pathsToItems(null, fileUrl)).toEqual([]);
  });
});

describe('upload list transitions (spec 4.3)', () => {
  const a = storedItem('temp/a.png', fileUrl, 'a');
  const file = { name: '报价单-2026.xlsx', type: 'application/vnd.ms-excel', size: 10 };

  it('uploading → done: the value is emitted only when every file is done', () => {
    let items = run([{ type: 'start', item: startItem(file, 'u1') }], [a]);
    expect(items[1]).toMatchObject({ status: 'uploading', percent: 0, name: '报价单-2...', fileName: '报价单-2026.xlsx' });
    expect(itemsToValue(items)).toBeUndefined();
    items = run([{ type: 'progress', uid: 'u1', percent: 57.4 }], items);
    expect(items[1].percent).toBe(57);
    expect(statusTip(items[1])).toEqual({ title: '上传中 (57%)' });
    items = run(
      [{ type: 'answer', uid: 'u1', answer: { success: true, message: 'temp/20261122/报价单-2026_0123456789abcdef.xlsx' } }],
      items,
    );
    expect(items[1]).toMatchObject({
      status: 'done',
      percent: 100,
      name: '报价单-2...',
      response: { path: 'temp/20261122/报价单-2026_0123456789abcdef.xlsx' },
    });
    expect(statusTip(items[1])).toEqual({ title: '上传完成' });
    expect(itemsToValue(items)).toBe('temp/a.png,temp/20261122/报价单-2026_0123456789abcdef.xlsx');
  });

  it('holds the value while two files upload and one is still running', () => {
    const items = run([
      { type: 'start', item: startItem({ name: 'a.txt' }, 'u1') },
      { type: 'start', item: startItem({ name: 'b.txt' }, 'u2') },
      { type: 'answer', uid: 'u2', answer: { success: true, message: 'temp/b.txt' } },
    ]);
    expect(itemsToValue(items)).toBeUndefined();
    expect(itemsToValue(run([{ type: 'answer', uid: 'u1', answer: { success: true, message: 'temp/a.txt' } }], items))).toBe(
      'temp/a.txt,temp/b.txt',
    );
  });

  it('success:false is an error with the server message; none → 未知错误; the value waits until it is removed', () => {
    const start: UploadEvent = { type: 'start', item: startItem({ name: 'x.html' }, 'u1') };
    const failed = run([start, { type: 'answer', uid: 'u1', answer: { success: false, message: '不允许上传该类型的文件：.html' } }], [a]);
    expect(failed[1]).toMatchObject({ status: 'error', response: { message: '不允许上传该类型的文件：.html' } });
    expect(statusTip(failed[1])).toEqual({ title: '上传失败', detail: '不允许上传该类型的文件：.html' });
    expect(itemsToValue(failed)).toBeUndefined();
    expect(itemsToValue(run([{ type: 'remove', uid: 'u1' }], failed))).toBe('temp/a.png');

    const bare = run([start, { type: 'answer', uid: 'u1', answer: { success: false } }]);
    expect(errorOf(bare[0])).toBe('未知错误');
    expect(statusTip(bare[0]).detail).toBe('未知错误');
    expect(run([start, { type: 'answer', uid: 'u1', answer: { success: true, message: '' } }])[0].status).toBe('error');
    expect(run([start, { type: 'answer', uid: 'u1', answer: null }])[0].status).toBe('error');
    expect(errorOf(run([start, { type: 'failure', uid: 'u1', message: '上传文件过大或数量过多' }])[0])).toBe('上传文件过大或数量过多');
    expect(errorOf(run([start, { type: 'failure', uid: 'u1' }])[0])).toBe('未知错误');
  });

  it('ignores events for removed or finished entries (same array back)', () => {
    const items = run(
      [
        { type: 'start', item: startItem({ name: 'a.txt' }, 'u1') },
        { type: 'remove', uid: 'u1' },
      ],
      [a],
    );
    expect(items).toEqual([a]);
    expect(uploadReducer(items, { type: 'answer', uid: 'u1', answer: { success: true, message: 'temp/a.txt' } }, fileUrl)).toBe(items);
    expect(uploadReducer(items, { type: 'progress', uid: 'a', percent: 10 }, fileUrl)).toBe(items);
    expect(uploadReducer(items, { type: 'failure', uid: 'a' }, fileUrl)).toBe(items);
    expect(uploadReducer(items, { type: 'remove', uid: 'nope' }, fileUrl)).toBe(items);
    expect(itemsToValue(run([{ type: 'remove', uid: 'a' }], items))).toBeNull();
  });

  it('clamps progress to 0–100', () => {
    const items = run([{ type: 'start', item: startItem({ name: 'a' }, 'u') }]);
    expect(run([{ type: 'progress', uid: 'u', percent: 140 }], items)[0].percent).toBe(100);
    expect(run([{ type: 'progress', uid: 'u', percent: -3 }], items)[0].percent).toBe(0);
  });

  it('keeps dialog drafts out of the list and the value until committed; failed drafts are dropped', () => {
    const items = run(
      [
        { type: 'start', item: startItem({ name: 'p.png' }, 'd1', true) },
        { type: 'start', item: startItem({ name: 'q.png' }, 'd2', true) },
        { type: 'answer', uid: 'd1', answer: { success: true, message: 'temp/p.png' } },
        { type: 'answer', uid: 'd2', answer: { success: false, message: '上传文件过大或数量过多' } },
      ],
      [a],
    );
    expect(visibleItems(items).map((f) => f.uid)).toEqual(['a']);
    expect(itemsToValue(items)).toBe('temp/a.png');
    const net = storedItem('https://x/y.png', fileUrl, 'n', '封面');
    const committed = run([{ type: 'commitDrafts', add: [net] }], items);
    expect(committed.map((f) => f.uid)).toEqual(['a', 'd1', 'n']);
    expect(committed.some((f) => f.draft)).toBe(false);
    expect(committed[2].remark).toBe('封面');
    expect(itemsToValue(committed)).toBe('temp/a.png,temp/p.png,https://x/y.png');
    expect(run([{ type: 'dropDrafts' }], items)).toEqual([a]);
    expect(uploadReducer([a], { type: 'dropDrafts' }, fileUrl)).toEqual([a]);
  });

  it('commits a draft still uploading: the value follows when it is done', () => {
    const items = run([{ type: 'start', item: startItem({ name: 'p.png' }, 'd1', true) }, { type: 'commitDrafts' }], [a]);
    expect(itemsToValue(items)).toBeUndefined();
    expect(itemsToValue(run([{ type: 'answer', uid: 'd1', answer: { success: true, message: 'temp/p.png' } }], items))).toBe(
      'temp/a.png,temp/p.png',
    );
  });

  it('moves an entry and re-emits the order', () => {
    const items = pathsToItems('temp/1.png,temp/2.png,temp/3.png', fileUrl);
    expect(itemsToValue(run([{ type: 'move', uid: items[0].uid, to: 1 }], items))).toBe('temp/2.png,temp/1.png,temp/3.png');
    expect(itemsToValue(run([{ type: 'move', uid: items[2].uid, to: 0 }], items))).toBe('temp/3.png,temp/1.png,temp/2.png');
    expect(uploadReducer(items, { type: 'move', uid: items[0].uid, to: 3 }, fileUrl)).toBe(items);
    expect(uploadReducer(items, { type: 'move', uid: 'nope', to: 0 }, fileUrl)).toBe(items);
  });
});

describe('failure notices (spec 8 "Upload")', () => {
  const failed = (name: string, message?: string): UploadItem => ({
    uid: 'u',
    name,
    fileName: name,
    status: 'error',
    response: { message },
  });
  it('image mode opens the 上传出错 dialog with 错误信息', () => {
    expect(failureNotice('image', failed('a.png', '上传文件过大或数量过多'))).toEqual({
      kind: 'modal',
      title: '上传出错',
      content: '错误信息: 上传文件过大或数量过多',
    });
    expect(failureNotice('image', failed('a.png'))).toEqual({ kind: 'modal', title: '上传出错', content: '错误信息: 未知错误' });
  });
  it("file mode shows '{file} 上传失败.', 文件上传失败 without a name", () => {
    expect(failureNotice('file', failed('报价单.xlsx', 'x'))).toEqual({ kind: 'message', content: '报价单.xlsx 上传失败.' });
    expect(failureNotice('file', { uid: 'u', name: '', status: 'error' })).toEqual({ kind: 'message', content: '文件上传失败' });
  });
  it('takes a rejected request’s message from the server envelope, never axios’ English text', () => {
    expect(
      errorMessageOf({
        isAxiosError: true,
        message: 'Request failed with status code 500',
        response: { data: { success: false, message: '上传文件过大或数量过多' } },
      }),
    ).toBe('上传文件过大或数量过多');
    expect(errorMessageOf(Object.assign(new Error('Network Error'), { isAxiosError: true }))).toBe('未知错误');
    expect(errorMessageOf(new Error('磁盘已满'))).toBe('磁盘已满');
    expect(errorMessageOf(undefined)).toBe('未知错误');
  });
});

describe('download (spec 7.3, 8 "Downloads")', () => {
  it('opens the stored path through the static prefix in a new window', () => {
    const opened: string[] = [];
    const open = (url: string) => (opened.push(url), {});
    expect(openStoredFile('temp/a.pdf', fileUrl, open)).toEqual({ ok: true, url: '/jeecg-boot/sys/common/static/temp/a.pdf' });
    expect(openStoredFile('https://x/a.pdf', fileUrl, open)).toEqual({ ok: true, url: 'https://x/a.pdf' });
    expect(opened).toEqual(['/jeecg-boot/sys/common/static/temp/a.pdf', 'https://x/a.pdf']);
  });
  it('warns 未知的文件 without a path and shows 文件下载失败 when the window cannot open', () => {
    const open = () => ({});
    expect(openStoredFile('', fileUrl, open)).toEqual({ ok: false, level: 'warning', message: '未知的文件' });
    expect(openStoredFile(undefined, fileUrl, open)).toEqual({ ok: false, level: 'warning', message: '未知的文件' });
    expect(openStoredFile('temp/a.pdf', fileUrl, () => null)).toEqual({ ok: false, level: 'error', message: '文件下载失败' });
    expect(
      openStoredFile('temp/a.pdf', fileUrl, () => {
        throw new Error('blocked');
      }),
    ).toEqual({ ok: false, level: 'error', message: '文件下载失败' });
  });
});

describe('the upload answer an entry settles with (spec 7.3; upload cell responseName)', () => {
  it('reads the path from message, or from the named field when it holds a string', () => {
    expect(uploadAnswer({ success: true, message: 'temp/a.pdf', result: null })).toEqual({ success: true, message: 'temp/a.pdf' });
    expect(uploadAnswer({ success: true, message: '上传成功', result: 'temp/b.pdf' }, 'result')).toEqual({
      success: true,
      message: 'temp/b.pdf',
    });
    expect(uploadAnswer({ success: true, message: 'temp/a.pdf', result: null }, 'result')).toEqual({
      success: true,
      message: 'temp/a.pdf',
    });
    // a failure keeps the server's message whatever the field
    expect(uploadAnswer({ success: false, message: '上传失败！', result: 'x' }, 'result')).toEqual({
      success: false,
      message: '上传失败！',
    });
    expect(uploadAnswer(null)).toBeNull();
    expect(uploadAnswer('oops')).toBeNull();
  });
});
