import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { account, client, login, menuOf, plant, startSecurityServer, USER_PASSWORD, type Client } from './helpers.js';

// Class 4, uploaded files: a stored file is served only with the file key of a session whose
// user uploaded it or may read a record referencing it; avatars and editor images are public.
let server: StartedServer;
let admin: Client;
let reader: Client; // 安全测试机密 menu, no tenant: reads the record holding the file
let outsider: Client; // no menu of that screen
let foreign: Client; // the menu, but tenant 1000 only (the record is tenant 0's)
const SECRET = Buffer.from('CONFIDENTIAL-CONTRACT-BYTES');
let stored: string;

async function upload(token: string, biz: string, name: string, content: Buffer): Promise<string> {
  const boundary = '----sec' + Date.now();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${biz}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/common/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
  });
  expect(res.json().success).toBe(true);
  return res.json().message as string;
}

/** The file key a session receives on its API answers (X-File-Key). */
async function fileKeyOf(c: Client): Promise<string> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/jeecg-boot/sys/permission/getUserPermissionByToken',
    headers: { 'x-access-token': c.token! },
  });
  const key = res.headers['x-file-key'];
  expect(typeof key).toBe('string');
  return key as string;
}

const fetchFile = (rel: string, fk?: string) =>
  server.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/static/${encodeURI(rel)}`, query: fk ? { fk } : undefined });

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
  stored = await upload(admin.token!, 'contract', '合同.pdf', SECRET);
  await plant(server, 'sec_secret', { id: 'f0', name: 'FILE-HOLDER', code: 'F0', attachment: stored });
  reader = await account(server, admin, 'file_reader', { menus: [menuOf('sec_secret')] });
  outsider = await account(server, admin, 'file_outsider');
  foreign = await account(server, admin, 'file_foreign', { menus: [menuOf('sec_secret')], tenants: [1000] });
});
afterAll(async () => server?.close());

describe('stored files need a file key of a user who may see them', () => {
  it('the file exists: its uploader and a reader of the record holding it get its bytes', async () => {
    for (const c of [admin, reader]) {
      const res = await fetchFile(stored, await fileKeyOf(c));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(SECRET)).toBe(true);
    }
  });

  it('without a key, with a forged or another path’s key, the answer is the 404 of a missing file', async () => {
    const key = await fileKeyOf(reader);
    const forged = key.slice(0, -2) + (key.endsWith('AA') ? 'BB' : 'AA');
    const [jti, tenant, exp, mac] = key.split('.');
    const later = `${jti}.${tenant}.${Number(exp) + 86_400 * 365}.${mac}`;
    for (const fk of [undefined, '', forged, later, 'x.y.z', admin.token!]) {
      const res = await fetchFile(stored, fk);
      expect(res.statusCode, String(fk)).toBe(404);
      expect(res.rawPayload.includes(SECRET)).toBe(false);
      expect(res.json()).toMatchObject({ success: false, message: '文件不存在' });
    }
  });

  it('a user without the screen’s menu, or of another tenant, cannot read it with their own key', async () => {
    for (const c of [outsider, foreign]) {
      const res = await fetchFile(stored, await fileKeyOf(c));
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(SECRET)).toBe(false);
    }
  });

  it('nor with their token header, whatever tenant-id header they send', async () => {
    const own = await server.app.inject({
      method: 'GET',
      url: `/jeecg-boot/sys/common/static/${encodeURI(stored)}`,
      headers: { 'x-access-token': reader.token! },
    });
    expect(own.statusCode).toBe(200);
    for (const tenant of [undefined, '0', '1000']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/jeecg-boot/sys/common/static/${encodeURI(stored)}`,
        headers: { 'x-access-token': foreign.token!, ...(tenant === undefined ? {} : { 'tenant-id': tenant }) },
      });
      expect(res.statusCode, String(tenant)).toBe(404);
      expect(res.rawPayload.includes(SECRET)).toBe(false);
    }
  });

  it('a file nobody references is the uploader’s alone', async () => {
    const mine = await upload(outsider.token!, 'temp', 'draft.txt', Buffer.from('DRAFT-ONLY'));
    expect((await fetchFile(mine, await fileKeyOf(outsider))).statusCode).toBe(200);
    expect((await fetchFile(mine, await fileKeyOf(reader))).statusCode).toBe(404);
  });

  it('a key stops working when its session ends', async () => {
    const token = await login(server, 'file_reader', USER_PASSWORD);
    const c = client(server, token);
    const key = await fileKeyOf(c);
    expect((await fetchFile(stored, key)).statusCode).toBe(200);
    await c.post('/sys/logout');
    expect((await fetchFile(stored, key)).statusCode).toBe(404);
  });

  it('a key stops opening a tenant’s files once its user left that tenant', async () => {
    const moved = await account(server, admin, 'file_moved', { tenants: [1000] });
    const mine = await upload(moved.token!, 'contract', '租户文件.pdf', Buffer.from('TENANT-FILE'));
    const key = await fileKeyOf(moved);
    expect(key.split('.')[1]).toBe('1000');
    expect((await fetchFile(mine, key)).statusCode).toBe(200);
    await server.ctx.db.updateTable('sys_user').set({ rel_tenant_ids: null }).where('username', '=', 'file_moved').execute();
    expect((await fetchFile(mine, key)).statusCode).toBe(404);
  });

  it('avatars and editor images are public by name', async () => {
    const avatar = await upload(outsider.token!, 'avatar', 'me.png', Buffer.from('PNG-AVATAR'));
    const image = await upload(outsider.token!, 'jeditor', 'pic.png', Buffer.from('PNG-EDITOR'));
    expect((await fetchFile(avatar)).statusCode).toBe(200);
    expect((await fetchFile(image)).statusCode).toBe(200);
  });
});

describe('the online preview service gets a short-lived address of one file, never the session’s key', () => {
  /** `rel` fetched without any session, with a preview signature's query. */
  const fetchSigned = (rel: string, query: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: `/jeecg-boot/sys/common/static/${encodeURI(rel)}`, query });

  const signFor = async (c: Client, rel: string) => {
    const res = await c.get<{ expires: number; signature: string }>('/sys/common/preview/sign', { path: rel });
    expect(res.status).toBe(200);
    return res.body.result;
  };

  it('a signed address reads its file without a token, about ten minutes long', async () => {
    const { expires, signature } = await signFor(reader, stored);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const res = await fetchSigned(stored, { expires: String(expires), signature });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SECRET)).toBe(true);
  });

  it('it does not read another path', async () => {
    const other = await upload(reader.token!, 'temp', 'other.txt', Buffer.from('OTHER-FILE'));
    const { expires, signature } = await signFor(reader, stored);
    for (const rel of [other, 'avatar/../' + other]) {
      const res = await fetchSigned(rel, { expires: String(expires), signature });
      expect(res.statusCode, rel).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 403 });
      expect(res.rawPayload.includes(Buffer.from('OTHER-FILE'))).toBe(false);
    }
  });

  it('an expired, prolonged or tampered signature is refused with a 403 envelope', async () => {
    const { expires, signature } = await signFor(reader, stored);
    const past = Math.floor(Date.now() / 1000) - 1;
    const tampered = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    const cases: Record<string, string>[] = [
      { expires: String(past), signature: server.ctx.tokens.fileSignature(stored, past) },
      { expires: String(expires + 3600), signature },
      { expires: String(expires), signature: tampered },
      { expires: String(expires), signature: '' },
      { signature },
    ];
    for (const query of cases) {
      const res = await fetchSigned(stored, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 403, message: '文件预览地址无效或已过期，请重新打开预览' });
      expect(res.rawPayload.includes(SECRET)).toBe(false);
    }
  });

  it('only a signed-in user who may read the file gets a signature', async () => {
    expect((await client(server).get('/sys/common/preview/sign', { path: stored })).status).toBe(401);
    for (const c of [outsider, foreign]) {
      const res = await c.get('/sys/common/preview/sign', { path: stored });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: '文件不存在' });
      expect(res.body.result).toBeNull();
    }
  });

  it('the signed answer carries neither the session’s file key nor its token', async () => {
    const key = await fileKeyOf(reader);
    const res = await reader.get('/sys/common/preview/sign', { path: stored });
    const text = JSON.stringify(res.body);
    expect(Object.keys(res.body.result).sort()).toEqual(['expires', 'signature']);
    for (const secret of [key, key.split('.').pop()!, reader.token!]) expect(text).not.toContain(secret);
  });
});
