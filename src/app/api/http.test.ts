import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, TENANT_ID, removeItem, setItem } from '../utils/storage';
import { BlobAnswerError, getBlob } from './blob';
import { deleteAction, downloadFile, fileUrl, getAction, http, postAction, putAction, uploadAction } from './http';

// The request layer of spec 7 "Calls" and spec 9 (timeout, _t, static prefix) through the real
// axios instance and its interceptors; only the transport (axios's adapter) is replaced, so
// every request the helpers build is seen as axios would send it.
let sent: InternalAxiosRequestConfig[] = [];
let answer: (config: InternalAxiosRequestConfig) => unknown = () => ({ success: true, message: '', code: 200, result: 'ok' });
const original = http.defaults.adapter;

beforeEach(() => {
  sent = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: answer(config), status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = original;
  answer = () => ({ success: true, message: '', code: 200, result: 'ok' });
  removeItem(ACCESS_TOKEN);
  removeItem(TENANT_ID);
});

describe('request helpers (spec 7 Calls)', () => {
  it('times out after 60000 ms under the API base', () => {
    expect(http.defaults.timeout).toBe(60000);
    expect(http.defaults.baseURL).toBe('/jeecg-boot');
  });

  it('GET adds _t in seconds, except for dictionary-item fetches; the token and tenant-id (0 when none) go on every request', async () => {
    const before = Math.floor(Date.now() / 1000);
    await getAction('/sys/user/list', { pageNo: 1 });
    const t = sent[0].params._t as number;
    expect(Number.isInteger(t)).toBe(true);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(sent[0].params.pageNo).toBe(1);
    expect(sent[0].headers.get('tenant-id')).toBe('0');
    expect(sent[0].headers.has('X-Access-Token')).toBe(false);

    setItem(ACCESS_TOKEN, 'tok-1');
    setItem(TENANT_ID, 1002);
    await getAction('/sys/dict/getDictItems/sex');
    expect(sent[1].params ?? {}).not.toHaveProperty('_t');
    expect(sent[1].headers.get('X-Access-Token')).toBe('tok-1');
    expect(sent[1].headers.get('tenant-id')).toBe('1002');
    await postAction('/sys/user/add', { username: 'a' });
    expect(sent[2].params ?? {}).not.toHaveProperty('_t');
  });

  it('POST sends JSON and query params, PUT its body, DELETE only params (never a body), upload multipart', async () => {
    await postAction('/a', { x: 1 }, { y: 2 });
    expect(sent[0]).toMatchObject({ method: 'post', url: '/a', params: { y: 2 } });
    expect(JSON.parse(sent[0].data as string)).toEqual({ x: 1 });
    await putAction('/b', { id: '1' });
    expect(sent[1]).toMatchObject({ method: 'put', url: '/b' });
    expect(JSON.parse(sent[1].data as string)).toEqual({ id: '1' });
    await deleteAction('/c', { id: '1' });
    expect(sent[2]).toMatchObject({ method: 'delete', url: '/c', params: { id: '1' } });
    expect(sent[2].data).toBeUndefined();
    const form = new FormData();
    form.append('biz', 'temp');
    await uploadAction('/sys/common/upload', form);
    expect(sent[3]).toMatchObject({ method: 'post', url: '/sys/common/upload' });
    expect(sent[3].data).toBe(form);
  });

  it('resolves with the envelope as the server sent it, success false included', async () => {
    answer = () => ({ success: false, message: '该值不可用，系统中已存在！', code: 500, result: null });
    expect(await getAction('/sys/duplicate/check')).toEqual({
      success: false,
      message: '该值不可用，系统中已存在！',
      code: 500,
      result: null,
    });
  });

  it('GET blob: the file with the session headers; a JSON envelope instead rejects with its message', async () => {
    setItem(ACCESS_TOKEN, 'tok-2');
    answer = () => new Blob(['会议纪要'], { type: 'application/force-download' });
    const blob = await getBlob('/sys/common/static/temp/a.txt');
    expect(await blob.text()).toBe('会议纪要');
    expect(sent[0]).toMatchObject({ method: 'get', url: '/sys/common/static/temp/a.txt', responseType: 'blob' });
    expect(sent[0].headers.get('X-Access-Token')).toBe('tok-2');
    answer = () => new Blob([JSON.stringify({ success: false, message: '文件不存在', code: 404 })], { type: 'application/json' });
    await expect(getBlob('/sys/common/static/temp/gone.txt')).rejects.toEqual(
      new BlobAnswerError({ success: false, message: '文件不存在', code: 404 } as never),
    );
    await expect(getBlob('/sys/common/static/temp/gone.txt')).rejects.toThrow('文件不存在');
  });

  it('download: a JSON answer resolves as its envelope; an empty file is 文件下载失败', async () => {
    answer = () =>
      new Blob([JSON.stringify({ success: false, message: '没有可导出的数据', code: 500, result: null })], { type: 'application/json' });
    expect(await downloadFile('/x/exportXls', undefined, 'a.xlsx')).toMatchObject({ success: false, message: '没有可导出的数据' });
    answer = () => new Blob([]);
    expect(await downloadFile('/x/exportXls', undefined, 'a.xlsx')).toMatchObject({ success: false, message: '文件下载失败' });
  });
});

describe('stored file addresses (spec 7)', () => {
  it('prefixes the static path unless the path is an http(s) address', () => {
    expect(fileUrl('temp/20261127/a_0123456789abcdef.png')).toBe('/jeecg-boot/sys/common/static/temp/20261127/a_0123456789abcdef.png');
    expect(fileUrl('/temp/a.png')).toBe('/jeecg-boot/sys/common/static/temp/a.png');
    expect(fileUrl('https://oss.example.com/a.png')).toBe('https://oss.example.com/a.png');
    expect(fileUrl('HTTP://oss.example.com/a.png')).toBe('HTTP://oss.example.com/a.png');
    expect(fileUrl('')).toBe('');
  });
});
