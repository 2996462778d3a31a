import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { corsOriginsOf } from '../../src/server/config.js';
import { startTestServer } from './harness.js';

// CORS through @fastify/cors: by default no other origin is granted; CORS_ORIGINS names a list
// of origins, or `*` to reflect any (a JeecgBoot client served from elsewhere).

const preflight = (server: StartedServer, origin: string) =>
  server.app.inject({
    method: 'OPTIONS',
    url: `${server.ctx.config.apiBase}/sys/user/list`,
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-access-token,tenant-id' },
  });

describe('CORS_ORIGINS', () => {
  it('reads unset, *, same-origin and a list', () => {
    expect(corsOriginsOf(undefined)).toBe(false);
    expect(corsOriginsOf('')).toBe(false);
    expect(corsOriginsOf('*')).toBe(true);
    expect(corsOriginsOf('same-origin')).toBe(false);
    expect(corsOriginsOf('https://a.example.com, https://b.example.com/')).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});

describe('CORS with CORS_ORIGINS=*', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: true });
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers a preflight from any origin with 200, the origin, credentials and the asked headers', async () => {
    const res = await preflight(server, 'http://other.example:3100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://other.example:3100');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-access-token');
  });

  it('reflects the origin on a call (the call itself still needs a token) and marks every answer nosniff', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${server.ctx.config.apiBase}/sys/user/list`,
      headers: { origin: 'http://other.example:3100' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe('http://other.example:3100');
    expect(String(res.headers.vary)).toContain('Origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CORS with a list of origins', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: ['https://office.example.com'] });
  }, 120_000);
  afterAll(async () => server?.close());

  it('allows the listed origin only', async () => {
    expect((await preflight(server, 'https://office.example.com')).headers['access-control-allow-origin']).toBe(
      'https://office.example.com',
    );
    expect((await preflight(server, 'https://evil.example.com')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
