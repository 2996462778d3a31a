import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Db } from '../../db/connection.js';
import { BizError } from '../../http/envelope.js';
import { SecretBox, loadSecretKey } from './secret-box.js';
import { parsePgUrl, reasonOf } from './test-connection.js';
import { allowedAddress } from './target-guard.js';
import { DS_TEXT } from './texts.js';

/** Connections one data source may hold at once (reports are short read-only queries). */
const POOL_MAX = 3;
const CONNECT_TIMEOUT_MS = 5_000;

/** An open data source: its Kysely handle, its name, and the message of a connection error. */
export interface OpenSource {
  db: Db;
  name: string;
  /** 数据源「name」连接失败：reason — for an error of the connection (refused, login, timeout, unknown database) */
  failure(err: unknown): string;
}

interface Open extends OpenSource {
  /** url, user, database and the encrypted password: a change opens a new pool */
  fingerprint: string;
}

/**
 * Connection pools to the data sources of 多数据源管理 (sys_data_source, PostgreSQL), by code,
 * for the online reports that name one (`dbSource`). A pool opens on first use with the stored
 * settings (password decrypted with the install key) and is replaced when the row changes;
 * `close()` ends them all (the app closes it). Errors are BizErrors with a clear message.
 */
export class DataSourcePool {
  private open = new Map<string, Open>();
  private box: Promise<SecretBox> | null = null;

  /** `allowHosts`: DATA_SOURCE_ALLOW_HOSTS, the loopback/link-local/metadata hosts a source may still name. */
  constructor(
    private readonly db: Db,
    private readonly allowHosts: readonly string[] = [],
  ) {}

  /**
   * The open data source `code`; BizError when unknown, its settings are unusable or its host is
   * one a data source may not point at (target-guard.ts, checked when a pool opens: the pool
   * connects to the address that was checked).
   */
  async get(code: string): Promise<OpenSource> {
    const row = await this.db.selectFrom('sys_data_source').selectAll().where('code', '=', code).executeTakeFirst();
    if (!row) throw new BizError(DS_TEXT.unknownSource(code));
    const fingerprint = JSON.stringify([row.db_url, row.db_name, row.db_username, row.db_password]);
    const have = this.open.get(code);
    if (have?.fingerprint === fingerprint) return have;
    if (have) void have.db.destroy().catch(() => undefined);
    const where = parsePgUrl(row.db_url ?? '', row.db_name ?? '');
    if (typeof where === 'string') throw new BizError(DS_TEXT.sourceUnusable(row.name ?? code, where));
    let password = '';
    if (row.db_password) {
      try {
        password = (await (this.box ??= loadSecretKey(this.db).then((k) => new SecretBox(k)))).decrypt(row.db_password);
      } catch {
        throw new BizError(DS_TEXT.sourceUnusable(row.name ?? code, DS_TEXT.storedPasswordUnreadable));
      }
    }
    // an allowed name is connected to by name (it may resolve to several addresses)
    const host = this.allowHosts.includes(where.host) ? where.host : await allowedAddress(where.host, this.allowHosts);
    const pool = new pg.Pool({
      ...where,
      host,
      user: row.db_username ?? '',
      password,
      max: POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // an idle connection the server drops emits 'error' on the pool: never an uncaught error
    pool.on('error', () => undefined);
    const name = row.name ?? code;
    const opened: Open = {
      fingerprint,
      name,
      db: new Kysely({ dialect: new PostgresDialect({ pool }) }) as unknown as Db,
      failure: (err) => DS_TEXT.sourceFailed(name, reasonOf(err, { ...where, user: '', password: '' })),
    };
    this.open.set(code, opened);
    return opened;
  }

  /** Ends every pool. */
  async close(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((o) => o.db.destroy().catch(() => undefined)));
  }
}
