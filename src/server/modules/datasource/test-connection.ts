import pg from 'pg';
import { DS_TEXT } from './texts.js';

/** Connection settings of a PostgreSQL data source, as the test needs them. */
export interface PgTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** How long a test may take to connect (ms); the whole test is capped a little above it. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Reads host, port and database from a JeecgBoot data-source url (`jdbc:postgresql://h:5432/db?…`,
 * also `postgres://…` / `postgresql://…`); `dbName` fills in a missing database. Returns a
 * message (string) when the url is not a PostgreSQL url.
 */
export function parsePgUrl(dbUrl: string, dbName: string): Omit<PgTarget, 'user' | 'password'> | string {
  const raw = dbUrl.trim().replace(/^jdbc:/i, '');
  if (!/^postgres(ql)?:\/\//i.test(raw)) return DS_TEXT.onlyPostgres;
  let u: URL;
  try {
    u = new URL(raw.replace(/^postgres(ql)?:/i, 'http:'));
  } catch {
    return DS_TEXT.badUrl;
  }
  if (!u.hostname) return DS_TEXT.badUrl;
  const port = u.port ? Number(u.port) : 5432;
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || dbName.trim();
  if (!database) return DS_TEXT.dbNameRequired;
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port, database };
}

/** A short Chinese reason for a failed connection (never a stack trace). */
export function reasonOf(err: unknown, t: PgTarget): string {
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return DS_TEXT.refused(t.host, t.port);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return DS_TEXT.unknownHost(t.host);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return DS_TEXT.timeout(t.host, t.port);
    case '28P01':
    case '28000':
      return DS_TEXT.badLogin;
    case '3D000':
      return DS_TEXT.noDatabase(t.database);
    default:
      if (/timeout/i.test(e.message ?? '')) return DS_TEXT.timeout(t.host, t.port);
      return (e.message ?? String(err)).slice(0, 200);
  }
}

/**
 * Really connects to the data source with `pg` (5 s connect timeout), runs `select 1` and
 * disconnects. Resolves null when it worked, else the reason (for 数据库连接失败：{reason}).
 */
export async function testPgConnection(t: PgTarget): Promise<string | null> {
  const client = new pg.Client({
    host: t.host,
    port: t.port,
    database: t.database,
    user: t.user,
    password: t.password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  // a failing socket also emits 'error' on the client: keep it from becoming an uncaught error
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query('select 1');
      })(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), CONNECT_TIMEOUT_MS + 1_000);
      }),
    ]);
    return null;
  } catch (err) {
    return reasonOf(err, t);
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => {});
  }
}
