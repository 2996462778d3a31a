import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { detachedFromTransaction } from '../db/transaction.js';
import { Reassembler, toNotifyPayloads } from './notify-frames.js';
import type { JobLogLine } from '../modules/quartz/scheduler.js';

/**
 * What one server process tells every process of its database (itself included): caches to
 * drop and pushes for the sockets each process holds.
 * - `grants`: roles, menus, buttons, data rules, departments changed (permission cache);
 * - `dicts`: dictionaries changed; `tenants`: tenants or memberships changed;
 * - `names`: rows of system dictionary tables (users, departments, roles …) written: their
 *   cached value → name maps drop (a renamed or deleted user);
 * - `screens`: an authored screen changed (the designer's registry reloads);
 * - `jobs`: scheduled jobs changed (the scheduler re-reads them);
 * - `session-ended`: a session was revoked (logout, forced logout): drop it, close its sockets;
 * - `user-sessions`: a user's sessions must be re-read (freeze, department switch);
 * - `notice`: a notice for `userIds` (null = everyone) for the notice sockets;
 * - `page`: a table-sync frame for the sockets of one page;
 * - `job-run` / `job-run-reply`: "run once" of a scheduled job asked of the process holding the
 *   scheduler lock, and its answer (quartz/run-once.ts); `job-log`: a line of a job's run log,
 *   kept by every process;
 * - `resync`: delivered locally after the channel was lost and regained (messages may be
 *   missing): drop every cache.
 */
export type BusMessage =
  | { type: 'grants' }
  | { type: 'dicts' }
  | { type: 'names'; tables: string[] }
  | { type: 'tenants' }
  | { type: 'screens'; id: string }
  | { type: 'jobs' }
  | { type: 'session-ended'; tokenId: string }
  | { type: 'user-sessions'; userId: string }
  | { type: 'notice'; userIds: string[] | null; msgId: string; msgTxt: string }
  | { type: 'page'; pageId: string; text: string }
  | { type: 'job-run'; reqId: string; job: { id: string; job_class_name: string; parameter: string | null } }
  | { type: 'job-run-reply'; reqId: string; started: boolean; running: boolean; runner: string }
  | { type: 'job-log'; line: JobLogLine }
  | { type: 'resync' };

/** Where a delivered message comes from: this process, or another one. */
export type Origin = 'self' | 'other';

export type BusHandler = (msg: BusMessage, origin: Origin) => void;

/** The channel every process of one database listens on (in-process on the embedded database). */
export interface ClusterBus {
  /** Delivers `msg` to this process's handlers at once and to every other process soon after. */
  publish(msg: BusMessage): void;
  subscribe(handler: BusHandler): void;
  /**
   * Resolves when every message published so far has been handed to the database (NOTIFY
   * sent); at once when none is on its way. The HTTP layer waits for it before answering, so a
   * change a process acknowledges has been announced to the others by then.
   */
  sent(): Promise<void> | null;
  close(): Promise<void>;
}

/** Dispatch shared by both buses; a failing handler never stops the others. */
class Handlers {
  private list: BusHandler[] = [];
  add(h: BusHandler): void {
    this.list.push(h);
  }
  run(msg: BusMessage, origin: Origin, onError: (err: unknown) => void): void {
    for (const h of this.list) {
      try {
        h(msg, origin);
      } catch (err) {
        onError(err);
      }
    }
  }
}

/** The embedded database's bus: one process, so publishing is delivering here. */
export class LocalBus implements ClusterBus {
  private handlers = new Handlers();
  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}
  publish(msg: BusMessage): void {
    this.handlers.run(msg, 'self', this.onError);
  }
  subscribe(handler: BusHandler): void {
    this.handlers.add(handler);
  }
  sent(): null {
    return null;
  }
  async close(): Promise<void> {}
}

/** Cache messages are delivered to other processes again this long after (ms): see PgBus. */
const REDELIVER_MS = 1_000;
const CACHE_TYPES = new Set<BusMessage['type']>(['grants', 'dicts', 'names', 'tenants', 'jobs']);

/**
 * PostgreSQL's bus: one LISTEN/NOTIFY channel per database and schema (`obo_bus_<schema>`), JSON
 * messages `{o: origin, m: BusMessage}`. `publish` delivers to this process at once and sends a
 * NOTIFY through the pool; a dedicated connection LISTENs, skips its own messages and delivers
 * the others' to the handlers. A lost listening connection is reopened (1 s, then up to 10 s
 * apart) and followed by a local `resync`, since messages sent meanwhile are lost. Cache
 * messages are delivered again 1 s later, because a write may be announced before its
 * transaction commits and another process could re-read the old rows in between. A message
 * too large for one NOTIFY (PostgreSQL takes under 8000 bytes: a big table-sync frame, a notice
 * to many users) goes as several parts in one statement and is put together on arrival
 * (notify-frames.ts).
 */
export class PgBus implements ClusterBus {
  private handlers = new Handlers();
  private readonly origin = randomBytes(6).toString('hex');
  private listener: pg.Client | null = null;
  private closed = false;
  private retryMs = 1_000;
  private timers = new Set<NodeJS.Timeout>();
  private sending = new Set<Promise<unknown>>();

  private constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly channel: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Opens the bus of `db` (its current schema names the channel) and starts listening. */
  static async open(db: Db, url: string, onError: (err: unknown) => void): Promise<PgBus> {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
    const bus = new PgBus(db, url, `obo_bus_${schema}`.slice(0, 63), onError);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    const parts = new Reassembler<BusMessage>();
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      const parsed = parts.accept(n.payload);
      if (!parsed || parsed.o === this.origin) return;
      const msg = parsed.m;
      this.handlers.run(msg, 'other', this.onError);
      if (CACHE_TYPES.has(msg.type)) this.later(() => this.handlers.run(msg, 'other', this.onError), REDELIVER_MS);
    });
    await client.connect();
    await client.query(`listen "${this.channel.replace(/"/g, '""')}"`);
    this.listener = client;
    this.retryMs = 1_000;
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.listener !== client || this.closed) return;
    this.listener = null;
    if (err) this.onError(err);
    client.end().catch(() => undefined);
    const retry = () => {
      if (this.closed) return;
      this.listen().then(
        () => this.handlers.run({ type: 'resync' }, 'self', this.onError),
        (e: unknown) => {
          this.onError(e);
          this.retryMs = Math.min(this.retryMs * 2, 10_000);
          this.later(retry, this.retryMs);
        },
      );
    };
    this.later(retry, this.retryMs);
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref?.();
    this.timers.add(t);
  }

  publish(msg: BusMessage): void {
    this.handlers.run(msg, 'self', this.onError);
    if (this.closed) return;
    const payloads = toNotifyPayloads(this.origin, msg);
    // sent at once, outside any open transaction (receivers re-read after REDELIVER_MS for that);
    // the parts of a large message in one statement, so they arrive together
    const send =
      payloads.length === 1
        ? sql`select pg_notify(${this.channel}, ${payloads[0]})`
        : sql`select pg_notify(${this.channel}, p) from unnest(${payloads}::text[]) with ordinality as t(p, n) order by n`;
    const p: Promise<unknown> = detachedFromTransaction(() => send.execute(this.db))
      .catch((err: unknown) => this.onError(err))
      .finally(() => this.sending.delete(p));
    this.sending.add(p);
  }

  sent(): Promise<void> | null {
    if (this.sending.size === 0) return null;
    return Promise.all([...this.sending]).then(() => undefined);
  }

  subscribe(handler: BusHandler): void {
    this.handlers.add(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => undefined);
  }
}

/** The bus of a database: in-process on the embedded one, LISTEN/NOTIFY on PostgreSQL. */
export async function openBus(
  db: Db,
  kind: 'pglite' | 'postgres',
  url: string | undefined,
  onError: (err: unknown) => void,
): Promise<ClusterBus> {
  if (kind === 'pglite' || !url) return new LocalBus(onError);
  return PgBus.open(db, url, onError);
}
