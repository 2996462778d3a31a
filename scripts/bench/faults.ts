/**
 * npm run bench:faults [-- --users 40]: the faults a production installation must survive, each
 * under load, with its figures printed:
 * 1. kill -9 of one of three API processes on PostgreSQL: the requests it held fail, no other
 *    request does, no acknowledged record is lost, sessions signed in on it go on elsewhere;
 * 2. a PostgreSQL restart under the same load: the processes keep running and reconnect by
 *    themselves, requests meanwhile get 503 数据库暂时不可用 (nothing else fails), nothing
 *    acknowledged is lost, the cluster bus works again;
 * 3. kill -9 of the single process on the embedded database during writes: after a restart on
 *    the same folder every acknowledged record is there.
 * PostgreSQL here is a private server of this machine's binaries (private-postgres.ts), so its
 * restart disturbs nothing else; tests/cluster/faults.test.ts runs the same with fewer users.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection.js';
import { acknowledged, Balancer, runUsers, tally, until, type Outcome, type Sample } from './fault-load.js';
import { startPrivatePostgres } from './private-postgres.js';
import { startServerProcess, type RunningServer } from './server-process.js';

const PASSWORD = 'Fault-pass-2026';
const BASE = '/jeecg-boot';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const port = () => 17000 + Math.floor(Math.random() * 900);

/** What the kill and restart faults on PostgreSQL showed. */
export interface ClusterFaultFigures {
  users: number;
  requests: number;
  kill: {
    /** non-ok answers from the killed process: in flight at the kill, and sent before the balancer saw it down */
    failedOnKilled: { inFlight: number; afterKill: number };
    /** non-ok answers of the other two processes before the restart (must be 0) */
    failedOnOthers: number;
    /** users signed in on the killed process, and their requests answered ok elsewhere after the kill */
    sessionsMoved: { users: number; okAfterKill: number };
  };
  restart: {
    /** how long `pg_ctl restart -m fast` took (ms) */
    postgresDownMs: number;
    /** outcomes of the requests that ended after the restart began */
    outcomes: Partial<Record<Outcome, number>>;
    /** per surviving process: ms from PostgreSQL accepting again to its first ok answer */
    reconnectMs: number[];
    /** ms from PostgreSQL accepting again until a logout on A was refused on B at once (bus back) */
    busBackMs: number;
    /** the surviving processes are the same processes (no restart) */
    sameProcesses: boolean;
  };
  /** acknowledged adds, how many of them are missing from the database (must be 0), and unacknowledged adds that were committed */
  records: { acknowledged: number; lost: number; committedUnacknowledged: number };
}

/** Runs faults 1 and 2 on three processes and a private PostgreSQL server; returns the figures. */
export async function clusterFaults(opts: {
  users: number;
  /** progress lines (default: none) */
  log?: (line: string) => void;
  warmMs?: number;
  afterKillMs?: number;
  afterRestartMs?: number;
}): Promise<ClusterFaultFigures> {
  const log = opts.log ?? (() => undefined);
  const pgServer = startPrivatePostgres(port());
  // a run stopped half-way (Ctrl-C, a test timeout) must not leave the server running
  const destroyOnExit = () => pgServer.destroy();
  process.once('exit', destroyOnExit);
  log(`PostgreSQL up at ${pgServer.url}`);
  const dirs: string[] = [];
  const procs: RunningServer[] = [];
  try {
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    await admin.query('create database obo_faults');
    await admin.end();
    const url = pgServer.url.replace(/\/postgres$/, '/obo_faults');
    const start = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-faults-'));
      dirs.push(dataDir);
      return startServerProcess({ port: port(), dataDir, env: serverEnv({ DATABASE_URL: url }) });
    };
    procs.push(await start());
    procs.push(...(await Promise.all([start(), start()])));
    log(`three processes up: ${procs.map((p) => p.url).join(' ')}`);
    const pids = procs.map((p) => p.child.pid);
    const lb = new Balancer(procs.map((p) => p.url));
    let stopped = false;
    const load = runUsers({ lb, users: opts.users, username: 'admin', password: PASSWORD, tag: 'flt', stop: () => stopped });
    // the load under way first: some adds acknowledged on every process
    await until(() => acknowledged(load.samples) >= opts.users * 3, 60_000);
    await sleep(opts.warmMs ?? 3_000);
    const killAt = Date.now();
    procs[2].child.kill('SIGKILL');
    log('process C killed');
    await sleep(opts.afterKillMs ?? 3_000);

    const restartAt = Date.now();
    await pgServer.restart();
    const readyAt = Date.now();
    log(`PostgreSQL restarted in ${readyAt - restartAt} ms`);
    await sleep(opts.afterRestartMs ?? 6_000);
    stopped = true;
    await load.done;
    const { samples, signedInOn } = load;
    log(`load stopped: ${samples.length} requests`);
    const busBackMs = (await busBack(procs[0].url, procs[1].url)) - readyAt;
    log(`cluster bus carries a logout again ${busBackMs} ms after the restart`);

    // answered before the restart began (a request in flight at the restart belongs to the restart's figures)
    const beforeRestart = samples.filter((s) => s.end < restartAt);
    const failed = (s: Sample) => s.outcome !== 'ok';
    const movedUsers = signedInOn.map((t, u) => (t === 2 ? u : -1)).filter((u) => u >= 0);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const stored = new Set(
      (await check.query(`select role_code from sys_role where role_code like 'flt\\_%'`)).rows.map((r) => r.role_code),
    );
    await check.end();
    const adds = samples.filter((s) => s.kind === 'add');
    return {
      users: opts.users,
      requests: samples.length,
      kill: {
        failedOnKilled: {
          inFlight: beforeRestart.filter((s) => s.target === 2 && failed(s) && s.start < killAt).length,
          afterKill: beforeRestart.filter((s) => s.target === 2 && failed(s) && s.start >= killAt).length,
        },
        failedOnOthers: beforeRestart.filter((s) => s.target !== 2 && failed(s)).length,
        sessionsMoved: {
          users: movedUsers.length,
          okAfterKill: beforeRestart.filter((s) => movedUsers.includes(s.user) && s.start > killAt && s.outcome === 'ok').length,
        },
      },
      restart: {
        postgresDownMs: readyAt - restartAt,
        outcomes: tally(samples.filter((s) => s.end >= restartAt)),
        reconnectMs: [0, 1].map((t) => {
          const first = samples.filter((s) => s.target === t && s.outcome === 'ok' && s.end >= readyAt).sort((a, b) => a.end - b.end)[0];
          return first ? Math.max(0, first.end - readyAt) : -1;
        }),
        busBackMs,
        sameProcesses: [0, 1].every((i) => procs[i].child.exitCode === null && procs[i].child.pid === pids[i]),
      },
      records: {
        acknowledged: adds.filter((s) => s.outcome === 'ok').length,
        lost: adds.filter((s) => s.outcome === 'ok' && !stored.has(s.code)).length,
        committedUnacknowledged: adds.filter((s) => s.outcome !== 'ok' && stored.has(s.code)).length,
      },
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    process.off('exit', destroyOnExit);
    pgServer.destroy();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

/**
 * Waits until the cluster bus carries a logout again: a session used on B (so B caches it) and
 * logged out on A must be refused on B at once. Returns the time (epoch ms) it first held;
 * throws after 30 s.
 */
async function busBack(a: string, b: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const login = await fetch(`${a}${BASE}/sys/login`, {
        signal: AbortSignal.timeout(5_000),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      }).then((r) => r.json());
      const h = { 'x-access-token': login.result.token as string };
      const signal = AbortSignal.timeout(5_000);
      const used = await fetch(`${b}${BASE}/sys/role/list?pageSize=1`, { headers: h, signal });
      if (used.status === 200) {
        await fetch(`${a}${BASE}/sys/logout`, { method: 'POST', headers: h, signal });
        if ((await fetch(`${b}${BASE}/sys/role/list?pageSize=1`, { headers: h, signal })).status === 401) return Date.now();
      }
    } catch {
      // not back yet
    }
    if (Date.now() > deadline) throw new Error('the cluster bus did not carry a logout within 30 s');
    await sleep(250);
  }
}

/** What the kill of the embedded database's process showed. */
export interface EmbeddedFaultFigures {
  writers: number;
  requests: number;
  /** requests in flight when the process was killed */
  failedAtKill: number;
  /** ms the restart on the same folder took until the server answered */
  restartMs: number;
  records: { acknowledged: number; lost: number; committedUnacknowledged: number };
}

/** Runs fault 3: writers on one embedded-database process, kill -9, restart on the same folder; returns the figures. */
export async function embeddedKill(opts: { writers: number; killAfterMs?: number }): Promise<EmbeddedFaultFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-faults-emb-'));
  let proc: RunningServer | undefined;
  try {
    const start = () => startServerProcess({ port: port(), dataDir, env: serverEnv({ DATABASE_URL: '' }) });
    proc = await start();
    const lb = new Balancer([proc.url]);
    const load = runUsers({ lb, users: opts.writers, username: 'admin', password: PASSWORD, tag: 'emb', stop: () => false });
    // writes under way first, then the kill a moment later (in the middle of some)
    await until(() => acknowledged(load.samples) >= opts.writers * 3, 60_000);
    await sleep(opts.killAfterMs ?? 2_000);
    proc.child.kill('SIGKILL');
    await load.done;
    const { samples } = load;
    await new Promise((r) => (proc!.child.exitCode !== null || proc!.child.signalCode ? r(null) : proc!.child.once('exit', r)));
    const t0 = Date.now();
    proc = await start();
    const restartMs = Date.now() - t0;
    await proc.stop();
    proc = undefined;
    const db = await openDatabase({ dataDir });
    let stored: Set<string>;
    try {
      stored = new Set(
        (await db.db.selectFrom('sys_role').select('role_code').where('role_code', 'like', 'emb\\_%').execute()).map((r) => r.role_code),
      );
    } finally {
      await db.close();
    }
    const adds = samples.filter((s) => s.kind === 'add');
    return {
      writers: opts.writers,
      requests: samples.length,
      failedAtKill: samples.filter((s) => s.outcome !== 'ok').length,
      restartMs,
      records: {
        acknowledged: adds.filter((s) => s.outcome === 'ok').length,
        lost: adds.filter((s) => s.outcome === 'ok' && !stored.has(s.code!)).length,
        committedUnacknowledged: adds.filter((s) => s.outcome !== 'ok' && stored.has(s.code!)).length,
      },
    };
  } finally {
    await proc?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return { ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'off', CAPTCHA: 'off', MAX_EVENT_LOOP_DELAY_MS: '0', ...extra };
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--users');
  const users = i >= 0 ? Number(process.argv[i + 1]) : 40;
  console.log(`Faults under load: ${users} simulated users`);
  const cluster = await clusterFaults({ users, log: (l) => console.log(`${new Date().toISOString()} ${l}`) });
  console.log(JSON.stringify(cluster, null, 2));
  const embedded = await embeddedKill({ writers: Math.max(4, Math.round(users / 4)) });
  console.log(JSON.stringify(embedded, null, 2));
  const bad =
    cluster.kill.failedOnOthers > 0 ||
    cluster.records.lost > 0 ||
    !cluster.restart.sameProcesses ||
    Object.keys(cluster.restart.outcomes).some((k) => k !== 'ok' && k !== 'db-503') ||
    embedded.records.lost > 0;
  if (bad) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) void main();
