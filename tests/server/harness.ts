import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import { prepareServer, type StartedServer } from '../../src/server/start.js';
import { openDatabase, type OpenedDatabase } from '../../src/server/db/connection.js';

export const ADMIN_PASSWORD = 'Adm1n-test-pass';

/**
 * Opens an isolated database for one test file: an in-memory PGlite, or — when DATABASE_URL
 * is set — a fresh schema on that PostgreSQL server (dropped on close), so the same suite
 * runs against both.
 */
export async function isolatedDatabase(opts: { lockTimeoutMs?: number } = {}): Promise<OpenedDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ inMemory: true, lockTimeoutMs: opts.lockTimeoutMs });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const sqlAdmin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  // pg_trgm lives in public (on the search path of every test schema), so its operator classes
  // stay visible to all test servers however many a file starts; parallel files may race here
  await sqlAdmin('create extension if not exists pg_trgm schema public').catch(() => undefined);
  await sqlAdmin(`create schema ${schema}`);
  const opened = await openDatabase({ databaseUrl: url, searchPath: schema });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await sqlAdmin(`drop schema ${schema} cascade`);
    },
  };
}

/**
 * Demo tables a test server seeds unless the test asks for more (`seedDemoTables: undefined` =
 * the whole demo company): the bank accounts and vehicles most tests read, which keeps a test
 * server's start short.
 */
export const BASIC_DEMO_TABLES = ['fin_bank_account', 'wms_vehicle'];

/**
 * Starts a full server (not listening) on an isolated seeded database (or `opts.database`, an
 * isolated one the test prepared, e.g. with a table of its own); use app.inject.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  opts: { database?: OpenedDatabase } = {},
): Promise<StartedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-test-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      adminPassword: ADMIN_PASSWORD,
      captchaEnabled: false,
      logLevel: 'silent',
      seedDemoTables: BASIC_DEMO_TABLES,
      // the suites sign in far more often than a person: the limits have their own attack tests
      authRatePerIp: 100_000,
      authRatePerAccount: 100_000,
      // load shedding off: a test's own CPU bursts (its server's start) must not refuse its requests
      maxEventLoopDelayMs: 0,
      ...overrides,
    },
  );
  const template = opts.database || process.env.DATABASE_URL ? undefined : templateFiles(overrides);
  const server =
    template && fs.existsSync(template.data)
      ? await fromTemplate(config, template)
      : await prepareServer(config, {
          database: opts.database ?? (await isolatedDatabase({ lockTimeoutMs: config.dbLockTimeoutMs })),
        });
  if (template && !fs.existsSync(template.data)) await keepTemplate(server, template);
  const close = server.close;
  server.close = async () => {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return server;
}

interface TemplateFiles {
  /** the seeded data folder as a tarball */
  data: string;
  /** the first start's seed report (StartedServer.seed), which a copy's start does not repeat */
  seed: string;
}

/**
 * Where this run keeps the seeded database of a test server configured with `overrides`
 * (tests/server/template-setup.ts), or undefined outside such a run, for a configuration whose
 * first start leaves files beside the database (a generated admin password), or on PostgreSQL.
 */
function templateFiles(overrides: Partial<ServerConfig>): TemplateFiles | undefined {
  const dir = inject('testTemplateDir');
  if (!dir || 'adminPassword' in overrides || 'dataDir' in overrides) return undefined;
  const key = createHash('sha256')
    .update(JSON.stringify(Object.entries(overrides).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex')
    .slice(0, 16);
  return { data: path.join(dir, `${key}.tar`), seed: path.join(dir, `${key}.json`) };
}

/** Starts a server on an in-memory copy of a template: a restart on the seeded database, as on disk. */
async function fromTemplate(config: ServerConfig, template: TemplateFiles): Promise<StartedServer> {
  const database = await openDatabase({ inMemory: true, template: fs.readFileSync(template.data), lockTimeoutMs: config.dbLockTimeoutMs });
  const server = await prepareServer(config, { database });
  return { ...server, seed: JSON.parse(fs.readFileSync(template.seed, 'utf8')) as StartedServer['seed'] };
}

/** Leaves the just-seeded database of `server` as the template of its configuration (written whole, then renamed). */
async function keepTemplate(server: StartedServer, template: TemplateFiles): Promise<void> {
  const bytes = await server.database.snapshot?.();
  if (!bytes) return;
  fs.writeFileSync(`${template.seed}.part`, JSON.stringify(server.seed));
  fs.renameSync(`${template.seed}.part`, template.seed);
  fs.writeFileSync(`${template.data}.part`, bytes);
  fs.renameSync(`${template.data}.part`, template.data);
}

export interface Reply<T = any> {
  status: number;
  body: { success: boolean; message: string; code: number; result: T; timestamp: number };
}

/** A tiny client over app.inject with the API base and an optional token. */
export function client(server: StartedServer, token?: string) {
  const base = server.ctx.config.apiBase;
  const call = async <T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> => {
    const res = await server.app.inject({
      method,
      url: base + url,
      query: opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined,
      payload: opts.body as never,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...opts.headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    token,
    get: <T = any>(url: string, query?: Record<string, string | number>) => call<T>('GET', url, { query }),
    post: <T = any>(url: string, body?: unknown) => call<T>('POST', url, { body }),
    put: <T = any>(url: string, body?: unknown) => call<T>('PUT', url, { body }),
    del: <T = any>(url: string, query?: Record<string, string | number>) => call<T>('DELETE', url, { query }),
    raw: call,
  };
}

/** Signs in and returns the token; throws when the login fails. */
export async function login(server: StartedServer, username: string, password = ADMIN_PASSWORD): Promise<string> {
  const res = await client(server).post('/sys/login', { username, password });
  if (!res.body.success) throw new Error(`login ${username} failed: ${res.body.message}`);
  return res.body.result.token as string;
}
