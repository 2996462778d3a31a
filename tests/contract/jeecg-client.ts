import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import type { StartedServer } from '../../src/server/start.js';
import { ADMIN_PASSWORD, startTestServer } from '../server/harness.js';

/**
 * The requests a JeecgBoot Vue 2 client sends (api-contract §1.1–§1.2): `X-Access-Token`,
 * `tenant-id: 0`, `_t` (seconds) on every GET except dictionary items, JSON bodies. Answers are
 * read raw (status, headers, body as JSON or bytes), so the suite asserts the wire, not our
 * client's view of it.
 */
export interface WireReply {
  status: number;
  headers: Record<string, unknown>;
  body: any;
  raw: Buffer;
}

/** A server on the shipped schemas plus the suite's own screen (tests/contract/schemas). */
export async function startContractServer(): Promise<StartedServer> {
  return startTestServer({ schemasDirs: [...loadConfig({}).schemasDirs, path.join(import.meta.dirname, 'schemas')] });
}

/** A JeecgBoot Vue 2 client signed in as `username` (login as its login page sends it). */
export async function vue2Client(server: StartedServer, username = 'admin', password = ADMIN_PASSWORD) {
  const base = server.ctx.config.apiBase;
  let token = '';
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    query: Record<string, string> = {},
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const q = { ...query };
    if (method === 'GET' && !url.startsWith('/sys/dict/getDictItems/')) q._t = String(Math.floor(Date.now() / 1000));
    const res = await server.app.inject({
      method,
      url: base + url,
      query: q,
      payload: body as never,
      headers: { 'tenant-id': '0', ...(token ? { 'x-access-token': token } : {}), ...headers },
    });
    let json: unknown;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body: json, raw: res.rawPayload } as WireReply;
  };
  const login = await send('POST', '/sys/login', {}, { username, password, captcha: '', checkKey: String(Date.now()), remember_me: true });
  expect(login.body).toMatchObject({ success: true, code: 200 });
  token = login.body.result.token;
  return {
    get: (url: string, query?: Record<string, string>) => send('GET', url, query),
    post: (url: string, body: unknown) => send('POST', url, {}, body),
    put: (url: string, body: unknown) => send('PUT', url, {}, body),
    del: (url: string, query?: Record<string, string>) => send('DELETE', url, query),
    /** An antd Upload of one file (multipart, field `file`), as the list's 导入 button sends it. */
    upload: (url: string, fileName: string, data: Buffer) => {
      const boundary = `----antd${randomBytes(8).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return send('POST', url, {}, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    },
  };
}

/** Asserts the envelope of api-contract §1.3 and returns its `result`. */
export function resultOf(reply: WireReply): any {
  expect(reply.status).toBe(200);
  expect(typeof reply.body?.success).toBe('boolean');
  expect(reply.body.success, reply.body.message).toBe(true);
  expect(typeof reply.body.message).toBe('string');
  expect(typeof reply.body.code).toBe('number');
  expect(typeof reply.body.timestamp).toBe('number');
  expect('result' in reply.body).toBe(true);
  return reply.body.result;
}

/** Asserts a page (api-contract §1.7: records array, numeric total) and returns its records. */
export function recordsOf(reply: WireReply): any[] {
  const page = resultOf(reply);
  expect(Array.isArray(page.records)).toBe(true);
  expect(typeof page.total).toBe('number');
  return page.records;
}

/** Depth-first walk over a tree of `{children?}` nodes. */
export function* walk<T extends { children?: T[] }>(nodes: readonly T[]): Generator<T> {
  for (const n of nodes) {
    yield n;
    if (n.children) yield* walk(n.children);
  }
}
