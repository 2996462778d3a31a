import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer } from './harness.js';
import { precompressFile } from '../../scripts/build/precompress.js';
import { COMPRESS_THRESHOLD } from '../../src/server/http/compression.js';
import type { StartedServer } from '../../src/server/start.js';

// A built client in miniature, precompressed by the build's own function.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-client-'));
const bundle = Array.from({ length: 400 }, (_, i) => `export const value${i} = () => 'bundle line ${i}';`).join('\n');
const indexHtml = `<!doctype html><html><head><title>办公管理系统</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const smallFile = 'export const x = 1;';
const prerendered = indexHtml.replace('<div id="root"></div>', '<div id="root" data-prerendered="/user/welcome"><form></form></div>');

let server: StartedServer;
let token: string;

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(clientDir, 'assets/app-abc123.js'), bundle);
  fs.writeFileSync(path.join(clientDir, 'assets/small-abc123.js'), smallFile);
  fs.mkdirSync(path.join(clientDir, 'pages/user'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'pages/user/welcome.html'), prerendered);
  for (const f of ['index.html', 'assets/app-abc123.js', 'assets/small-abc123.js', 'pages/user/welcome.html'])
    await precompressFile(path.join(clientDir, f));
  server = await startTestServer({ seedDemo: false, clientDir });
  token = await login(server, 'admin');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('client files: precompressed variants negotiated by Accept-Encoding', () => {
  it('the build writes .br and .gz beside a file of at least the threshold, none beside a smaller one', () => {
    expect(fs.existsSync(path.join(clientDir, 'assets/app-abc123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'assets/app-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, 'assets/small-abc123.js.br'))).toBe(false);
  });

  it('sends the Brotli file to a client that accepts br, with its own length and Vary', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    const br = fs.readFileSync(path.join(clientDir, 'assets/app-abc123.js.br'));
    expect(Number(res.headers['content-length'])).toBe(br.length);
    expect(res.rawPayload.equals(br)).toBe(true);
    expect(decode('br', res.rawPayload)).toBe(bundle);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends gzip to a client that accepts gzip only, or refuses br', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(clientDir, 'assets/app-abc123.js.gz')).size);
      expect(decode('gzip', res.rawPayload)).toBe(bundle);
    }
  });

  it('sends the plain file to a client that accepts no encoding (or identity only), still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/app-abc123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(bundle));
      expect(res.body).toBe(bundle);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('never serves a compressed sibling under its own name', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('a file without siblings goes out as it is', async () => {
    const res = await get('/assets/small-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(smallFile);
  });

  it('the history-mode fallback (index.html for a client route) is precompressed too, and revalidated', async () => {
    const res = await get('/user/login', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload)).toBe(indexHtml);
    const plain = await get('/', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('a route the build prerendered gets its own page (precompressed, query ignored); other routes the shell', async () => {
    const res = await get('/user/welcome?redirect=%2Fhome', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload)).toBe(prerendered);
    expect((await get('/user/welcome/more', {})).body).toBe(indexHtml);
    expect((await get('/user/other', {})).body).toBe(indexHtml);
  });
});

describe('API answers: compressed above the threshold', () => {
  const api = (url: string, accept?: string) =>
    get(`/jeecg-boot${url}`, { 'x-access-token': token, ...(accept ? { 'accept-encoding': accept } : {}) });

  it('a large answer is compressed (br preferred, else gzip) and decodes to the same envelope', async () => {
    const plain = await api('/sys/permission/getUserPermissionByToken');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await api('/sys/permission/getUserPermissionByToken', accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const body = JSON.parse(decode(encoding, res.rawPayload));
      expect(body.success).toBe(true);
      expect(body.result.menu.length).toBe(JSON.parse(plain.body).result.menu.length);
    }
    const identity = await api('/sys/permission/getUserPermissionByToken', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('a small answer goes out uncompressed', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().success).toBe(false);
  });
});
