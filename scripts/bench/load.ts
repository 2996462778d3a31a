/**
 * npm run bench:load [-- --users 50 --seconds 60]: simulated users doing the real users' work
 * against the server as it runs in production, reporting p50/p99 per request kind, errors,
 * throughput and the server processes' RSS:
 * - with DATABASE_URL set: three API processes on that PostgreSQL database (a fresh database
 *   is created beside the one named, and dropped after), requests spread round-robin;
 * - without: one process on a fresh embedded database.
 * Each user signs in (login), then loops: menus (getUserPermissionByToken), a bank-account list
 * with a filter (getData), a form's items (getFormItem), the dictionary of a field, an add and an
 * edit (roles), and every 10th loop an export (exportXls, 10 rows). Load stays on this machine's
 * loopback; the loop stops by itself after the given seconds.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServerProcess, type RunningServer } from './server-process.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const USERS = arg('users', 50);
const SECONDS = arg('seconds', 60);
const PASSWORD = 'Load-pass-2026';
const BASE = '/jeecg-boot';

type Kind = 'login' | 'menus' | 'list' | 'form' | 'dict' | 'add' | 'edit' | 'export';
const times = new Map<Kind, number[]>();
const errors = new Map<Kind, number>();
let busy503 = 0;
/** Why requests failed: `kind: HTTP status message` → count (printed after the figures). */
const causes = new Map<string, number>();
/** 503 answers per 10 s of the run (load shedding during the sign-in burst or later). */
const busyByTenS: number[] = [];
let runStart = Date.now();

async function timed(kind: Kind, url: string, init: RequestInit): Promise<any> {
  const t0 = performance.now();
  let ok = false;
  let body: any = null;
  let cause = '';
  try {
    const res = await fetch(url, init);
    if (res.status === 503) {
      busy503++;
      const slot = Math.floor((Date.now() - runStart) / 10_000);
      busyByTenS[slot] = (busyByTenS[slot] ?? 0) + 1;
    }
    const type = res.headers.get('content-type') ?? '';
    body = type.includes('json') ? await res.json() : await res.arrayBuffer();
    ok = res.ok && (!type.includes('json') || body.success !== false);
    if (!ok) cause = `${res.status} ${String(body?.message ?? '').slice(0, 80)}`;
  } catch (err) {
    ok = false;
    cause = `network ${(err as Error).message}`;
  }
  if (!ok) causes.set(`${kind}: ${cause}`, (causes.get(`${kind}: ${cause}`) ?? 0) + 1);
  const list = times.get(kind) ?? [];
  list.push(performance.now() - t0);
  times.set(kind, list);
  if (!ok) errors.set(kind, (errors.get(kind) ?? 0) + 1);
  return body;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function user(n: number, urls: string[], until: number): Promise<void> {
  let turn = n;
  const next = () => urls[turn++ % urls.length] + BASE;
  const json = { 'content-type': 'application/json' };
  const login = await timed('login', `${next()}/sys/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = login?.result?.token as string | undefined;
  if (!token) return;
  const h = { 'x-access-token': token };
  for (let loop = 0; Date.now() < until; loop++) {
    await timed('menus', `${next()}/sys/permission/getUserPermissionByToken`, { headers: h });
    await timed(
      'list',
      `${next()}/online/cgform/api/getData/fin_bank_account?pageNo=1&pageSize=10&column=createTime&order=desc&accountName=*银行*`,
      {
        headers: h,
      },
    );
    await timed('form', `${next()}/online/cgform/api/getFormItem/fin_bank_account`, { headers: h });
    await timed('dict', `${next()}/sys/dict/getDictItems/sex`, { headers: h });
    const code = `ld_${n}_${loop}_${randomBytes(2).toString('hex')}`;
    const added = await timed('add', `${next()}/sys/role/add`, {
      method: 'POST',
      headers: { ...h, ...json },
      body: JSON.stringify({ roleCode: code, roleName: `压测${n}-${loop}` }),
    });
    const id = typeof added?.result === 'string' ? added.result : undefined;
    if (id)
      await timed('edit', `${next()}/sys/role/edit`, {
        method: 'PUT',
        headers: { ...h, ...json },
        body: JSON.stringify({ id, roleCode: code, roleName: `压测${n}-${loop}改` }),
      });
    if (loop % 10 === 0)
      await timed('export', `${next()}/online/cgform/api/exportXls/fin_bank_account?pageNo=1&pageSize=10`, { headers: h });
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  let dropDb: (() => Promise<void>) | undefined;
  const env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD, CAPTCHA: 'off', SEED_DEMO_TABLES: 'fin_bank_account', DATABASE_URL: '' };
  const start = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-load-'));
    dirs.push(dataDir);
    return startServerProcess({ port: 17000 + Math.floor(Math.random() * 900), dataDir, env });
  };
  try {
    if (url) {
      const db = `obo_load_${randomBytes(4).toString('hex')}`;
      const admin = async (text: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(text).finally(() => c.end());
      };
      await admin(`create database ${db}`);
      dropDb = () => admin(`drop database if exists ${db} with (force)`);
      const u = new URL(url);
      u.pathname = `/${db}`;
      env.DATABASE_URL = u.toString();
      servers.push(await start());
      servers.push(...(await Promise.all([start(), start()])));
    } else servers.push(await start());
    const urls = servers.map((s) => s.url);
    console.log(`${USERS} users for ${SECONDS} s against ${servers.length} process(es) on ${url ? 'PostgreSQL' : 'the embedded database'}`);
    const t0 = Date.now();
    runStart = t0;
    const until = t0 + SECONDS * 1000;
    let peakRss = 0;
    const sampler = setInterval(
      () =>
        (peakRss = Math.max(
          peakRss,
          servers.reduce((n, s) => n + rssMb(s.child.pid), 0),
        )),
      1000,
    );
    await Promise.all(Array.from({ length: USERS }, (_, i) => user(i, urls, until)));
    clearInterval(sampler);
    const elapsed = (Date.now() - t0) / 1000;
    let total = 0;
    let errs = 0;
    console.log('kind      count   p50 ms   p99 ms  errors');
    for (const [kind, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      total += list.length;
      errs += errors.get(kind) ?? 0;
      console.log(
        `${kind.padEnd(8)} ${String(list.length).padStart(6)} ${pct(sorted, 50).toFixed(1).padStart(8)} ${pct(sorted, 99).toFixed(1).padStart(8)} ${String(errors.get(kind) ?? 0).padStart(7)}`,
      );
    }
    console.log(
      `throughput ${(total / elapsed).toFixed(0)} requests/s; errors ${errs} (503 busy: ${busy503}); peak RSS of the server processes ${peakRss.toFixed(0)} MB`,
    );
    if (busy503) console.log(`503s per 10 s of the run: ${Array.from(busyByTenS, (n) => n ?? 0).join(' ')}`);
    for (const [cause, n] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${String(n).padStart(5)} × ${cause}`);
    if (errs > 0) process.exitCode = 1;
  } finally {
    for (const s of servers) await s.stop();
    await dropDb?.();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

void main();
