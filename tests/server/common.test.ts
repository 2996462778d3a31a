import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';
import { loadConfig } from '../../src/server/config.js';

let server: StartedServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  token = await login(server, 'wangfang');
});
afterAll(async () => {
  await server?.close();
});

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }, fieldsAfter: Record<string, string> = {}) {
  const boundary = '----obo' + Date.now();
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  for (const [k, v] of Object.entries(fieldsAfter))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
  };
}

describe('uploads (spec 7.3, api-contract §6.4)', () => {
  it('stores a file under biz/yyyyMMdd with an unguessable name and serves it back byte for byte', async () => {
    const content = Buffer.from([0, 1, 2, 250, 251, 252, 10, 13]);
    const up = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      ...multipart({ biz: 'fin' }, { name: '开户许可证.pdf', content }),
    });
    const body = up.json();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^fin\/\d{8}\/开户许可证_[0-9a-f]{16}\.pdf$/);
    // the uploader's session reads it with its file key (X-File-Key); no key: the 404 of a missing file
    const fk = up.headers['x-file-key'] as string;
    expect(fk).toBeTruthy();
    const url = `/jeecg-boot/sys/common/static/${encodeURI(body.message)}`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const got = await server.app.inject({ method: 'GET', url, query: { fk } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-disposition']).toContain('attachment');
  });

  it('takes a biz field sent after the file (the editors send it last): a rich-text image lands in the public jeditor folder', async () => {
    const up = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      ...multipart({}, { name: 'dot.png', content: Buffer.from('png') }, { biz: 'jeditor', jeditor: '1' }),
    });
    expect(up.json().message).toMatch(/^jeditor\/\d{8}\/dot_[0-9a-f]{16}\.png$/);
    const url = `/jeecg-boot/sys/common/static/${up.json().message}`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // a bad folder named after the file is refused and leaves no file behind in temp
    const before = fs.existsSync(path.join(server.ctx.config.dataDir, 'upload', 'temp'))
      ? fs.readdirSync(path.join(server.ctx.config.dataDir, 'upload', 'temp'), { recursive: true }).length
      : 0;
    const bad = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      ...multipart({}, { name: 'a.txt', content: Buffer.from('x') }, { biz: '../../etc' }),
    });
    expect(bad.json().success).toBe(false);
    const after = fs.existsSync(path.join(server.ctx.config.dataDir, 'upload', 'temp'))
      ? fs.readdirSync(path.join(server.ctx.config.dataDir, 'upload', 'temp'), { recursive: true }).length
      : 0;
    expect(after).toBe(before);
  });

  it('refuses a biz folder that tries to leave the upload root and active content types', async () => {
    const bad = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      ...multipart({ biz: '../../etc' }, { name: 'a.txt', content: Buffer.from('x') }),
    });
    expect(bad.json()).toMatchObject({ success: false, message: '上传目录参数不合法' });
    const html = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      ...multipart({}, { name: 'x.html', content: Buffer.from('<script>') }),
    });
    expect(html.json()).toMatchObject({ success: false, message: '不允许上传该类型的文件：.html' });
    const none = await server.app.inject({ method: 'POST', url: '/jeecg-boot/sys/common/upload', ...multipart({ biz: 'temp' }) });
    expect(none.json()).toMatchObject({ success: false, message: '未上传任何文件' });
  });

  it('never serves a path outside the upload root', async () => {
    fs.writeFileSync(path.join(server.ctx.config.dataDir, 'secret.txt'), 'top secret');
    for (const p of [
      '../secret.txt',
      '..%2Fsecret.txt',
      '%2e%2e/secret.txt',
      'temp/../../secret.txt',
      '..%252Fsecret.txt',
      '/etc/passwd',
      'temp',
    ]) {
      const res = await server.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/static/${p}` });
      expect(res.statusCode, p).toBe(404);
      expect(res.body).not.toContain('top secret');
    }
  });

  it('refuses a file over the size limit with a clear message and keeps nothing', async () => {
    const small = await startTestServer({ seedDemo: false, uploadMaxMb: 1 });
    try {
      const t = await login(small, 'wangfang');
      const m = multipart({ biz: 'temp' }, { name: 'big.bin', content: Buffer.alloc(1024 * 1024 + 10, 7) });
      const res = await small.app.inject({
        method: 'POST',
        url: '/jeecg-boot/sys/common/upload',
        payload: m.payload,
        headers: { ...m.headers, 'x-access-token': t },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/上传文件过大/);
      const uploadRoot = path.join(small.ctx.config.dataDir, 'upload', 'temp');
      const left = fs.existsSync(uploadRoot)
        ? fs.readdirSync(uploadRoot, { recursive: true }).filter((f) => String(f).includes('big'))
        : [];
      expect(left).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('needs a token to upload', async () => {
    const m = multipart({}, { name: 'a.txt', content: Buffer.from('x') });
    const res = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      payload: m.payload,
      headers: { 'content-type': m.headers['content-type'] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('file preview settings (spec 9 online preview URL)', () => {
  it('tells a signed-in client the ONLINE_PREVIEW_URL (null when unset) and nobody else', async () => {
    const staff = client(server, token);
    expect((await staff.get('/sys/common/preview/config')).body).toMatchObject({ success: true, result: { onlinePreviewUrl: null } });
    const config = server.ctx.config;
    config.onlinePreviewUrl = 'http://preview.example.com:8012/onlinePreview';
    try {
      expect((await staff.get('/sys/common/preview/config')).body.result).toEqual({
        onlinePreviewUrl: 'http://preview.example.com:8012/onlinePreview',
      });
      expect((await client(server).get('/sys/common/preview/config')).status).toBe(401);
    } finally {
      config.onlinePreviewUrl = undefined;
    }
  });
  it('reads the API base path from API_BASE (default /jeecg-boot, no trailing slash)', () => {
    expect(loadConfig({}).apiBase).toBe('/jeecg-boot');
    expect(loadConfig({ API_BASE: '/api/' }).apiBase).toBe('/api');
  });
  it('reads ONLINE_PREVIEW_URL from the environment: http(s) addresses only', () => {
    expect(loadConfig({ ONLINE_PREVIEW_URL: ' https://kk.example.com/onlinePreview ' }).onlinePreviewUrl).toBe(
      'https://kk.example.com/onlinePreview',
    );
    expect(loadConfig({ ONLINE_PREVIEW_URL: 'javascript:alert(1)' }).onlinePreviewUrl).toBeUndefined();
    expect(loadConfig({}).onlinePreviewUrl).toBeUndefined();
  });
});

describe('dictionaries and pickers (any signed-in user, minimal fields)', () => {
  it('returns dictionary items and refuses an empty or unknown table dictionary', async () => {
    const c = client(server, token);
    const items = await c.get('/sys/dict/getDictItems/vehicle_status');
    expect(items.body.result.map((i: any) => i.text)).toEqual(['在用', '闲置', '维修中', '已报废']);
    const table = await c.get('/sys/dict/getDictItems/sys_user,realname,username');
    expect(table.body.result.find((i: any) => i.value === 'wangfang').text).toBe('王芳');
    const secret = await c.get('/sys/dict/getDictItems/sys_user,password,username');
    expect(secret.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
    const other = await c.get('/sys/dict/loadDict/pg_authid,rolpassword,rolname', { keyword: 'a' });
    expect(other.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
    const injected = await c.get(`/sys/dict/getDictItems/${encodeURIComponent('sys_user,realname,username where 1=1')}`);
    expect(injected.body.success).toBe(false);
    // an empty (blank) code: HTTP 200, success false, spec 5.6's message
    for (const blank of ['/sys/dict/getDictItems/%20', '/sys/dict/loadDict/%20']) {
      const empty = await c.get(blank, { keyword: 'a' });
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ success: false, message: '字典Code不能为空!' });
    }
  });

  it('searches and labels table dictionaries', async () => {
    const c = client(server, token);
    const found = await c.get('/sys/dict/loadDict/sys_user,realname,username', { keyword: '王', pageSize: 5 });
    expect(found.body.result.length).toBeGreaterThan(0);
    expect(found.body.result.every((i: any) => i.text.includes('王'))).toBe(true);
    const texts = await c.get('/sys/dict/loadDictItem/sys_user,realname,username', { key: 'wangfang,lina,ghost' });
    expect(texts.body.result).toEqual(['王芳', '李娜']);
  });

  it('lists users for the picker without admin fields and the department tree', async () => {
    const c = client(server, token);
    const users = await c.get('/sys/user/queryUserComponentData', { pageNo: 1, pageSize: 5, realname: '芳' });
    expect(users.body.result.records.length).toBeGreaterThan(0);
    for (const u of users.body.result.records) {
      expect(Object.keys(u).sort()).toEqual(['birthday', 'createTime', 'id', 'orgCodeTxt', 'phone', 'realname', 'sex', 'username']);
      expect(u.realname).toContain('芳');
      expect(u.birthday === null || /^\d{4}-\d{2}-\d{2}$/.test(u.birthday)).toBe(true);
    }
    // spec 9: the user picker's default order is createTime descending (newest first), asc on request
    // (the seed creates its users at one instant: one joins later, another earlier)
    const set = (username: string, at: string) =>
      server.ctx.db.updateTable('sys_user').set({ create_time: at }).where('username', '=', username).execute();
    await set('lina', '2020-01-01 00:00:00');
    await set('wangfang', '2099-01-01 00:00:00');
    const newest = await c.get('/sys/user/queryUserComponentData', { pageNo: 1, pageSize: 100 });
    const names = newest.body.result.records.map((u: any) => u.username);
    expect(names[0]).toBe('wangfang');
    expect(names.at(-1)).toBe('lina');
    const oldest = await c.get('/sys/user/queryUserComponentData', { pageNo: 1, pageSize: 100, order: 'asc' });
    expect(oldest.body.result.records[0].username).toBe('lina');
    const multi = await c.get('/sys/user/getMultiUser', { key: 'wangfang,admin' });
    // JeecgBoot's shape: a bare array
    expect((multi.body as unknown as any[]).map((u: any) => u.realname).sort()).toEqual(['王芳', '管理员'].sort());
    const tree = await c.get('/sys/sysDepart/queryTreeList');
    expect(tree.body.result).toHaveLength(1);
    expect(tree.body.result[0]).toMatchObject({ orgCode: 'A01', title: '中冀智联工程技术有限公司', isLeaf: false });
    expect(tree.body.result[0].children.map((d: any) => d.orgCode)).toContain('A01A02');
  });
});

describe('wire policy', () => {
  it('answers an unknown API path with 404 in the envelope and a missing token with 401', async () => {
    const res = await client(server, token).get('/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 404 });
  });

  it('seeds China divisions under root 86', async () => {
    const rows = await server.ctx.db.selectFrom('sys_area').select(['id', 'text']).where('pid', '=', '86').execute();
    expect(rows.map((r) => r.text)).toEqual(expect.arrayContaining(['北京市', '河北省', '山东省', '天津市']));
    const districts = await server.ctx.db.selectFrom('sys_area').select('text').where('pid', '=', '130600').execute();
    expect(districts.length).toBeGreaterThan(5);
  });
});
