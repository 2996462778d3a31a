import { randomBytes } from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { throwawayDatabase, type ThrowawayDatabase } from './admin-sql.js';
import WebSocket from 'ws';
import { startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';

// Three API processes on one PostgreSQL database behave as one: sessions, logout, grants,
// notices, captchas and record ids. Each request is sent to a chosen process (A, B or C), the
// way a round-robin proxy would spread them.
const PASSWORD = 'Cluster-pass-2026';
const BASE = '/jeecg-boot';
const url = process.env.DATABASE_URL;
let target = '';
let db: ThrowawayDatabase | undefined;
const procs: RunningServer[] = [];
const dataDirs: string[] = [];
let sqlPool: pg.Pool;

function start(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-cluster-'));
  dataDirs.push(dataDir);
  return startServerProcess({
    port: 17000 + Math.floor(Math.random() * 900),
    dataDir,
    env: {
      DATABASE_URL: target,
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: 'off',
      CAPTCHA: 'on',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      AUTH_RATE_PER_IP: '100000',
      AUTH_RATE_PER_ACCOUNT: '100000',
      ...env,
    },
  });
}

beforeAll(async () => {
  if (!url) return;
  db = await throwawayDatabase('obo_cluster');
  target = db.url;
  sqlPool = new pg.Pool({ connectionString: target, max: 2 });
  // A migrates and seeds; B and C start on the ready database
  procs.push(await start());
  procs.push(...(await Promise.all([start(), start()])));
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  await sqlPool?.end();
  await db?.drop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

type Json = { success: boolean; code: number; message: string; result: any };

/** One call to process `p` (0 = A, 1 = B, 2 = C); returns HTTP status and body. */
async function call(
  p: number,
  method: string,
  pathAndQuery: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${procs[p].url}${BASE}${pathAndQuery}`, {
    method,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  // the metrics route answers Prometheus text, everything else the JSON envelope
  return {
    status: res.status,
    body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { success: res.ok, result: text }) as Json,
  };
}

/**
 * `ask` again every 50 ms, for up to 1 s, until `done` holds; returns the last answer. The
 * process that made a change has sent its NOTIFY before it answers, but another process reads
 * it on its own listening connection, a moment later than the next request may arrive there.
 * A second is far below every cache's lifetime (grants 5 s, names 60 s, sessions until expiry):
 * a change seen within it was told by the bus.
 */
async function soon<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const until = Date.now() + 1_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A captcha shown by process `from`, read from the shared table, and the sign-in on process `on`. */
async function signIn(username: string, from: number, on: number, password = PASSWORD): Promise<string> {
  const key = String(Date.now()) + randomBytes(3).toString('hex');
  expect((await call(from, 'GET', `/sys/randomImage/${key}`)).body.success).toBe(true);
  const code = (await sqlPool.query('select code from sys_captcha where check_key = $1', [key])).rows[0]?.code as string;
  const res = await call(on, 'POST', '/sys/login', undefined, { username, password, captcha: code, checkKey: key });
  if (!res.body.success) throw new Error(`login ${username}: ${res.body.message}`);
  return res.body.result.token as string;
}

describe.skipIf(!url)('three API processes on one PostgreSQL database', () => {
  it('signs in with a captcha from A on B, and the token works on A, B and C', async () => {
    const token = await signIn('admin', 0, 1);
    for (const p of [0, 1, 2]) expect((await call(p, 'GET', '/sys/role/list?pageSize=1', token)).body.success).toBe(true);
  });

  it('refuses on A at once a session logged out on B', async () => {
    const token = await signIn('admin', 2, 0);
    // A and B have the session cached now
    expect((await call(0, 'GET', '/sys/role/list?pageSize=1', token)).status).toBe(200);
    expect((await call(1, 'GET', '/sys/role/list?pageSize=1', token)).status).toBe(200);
    expect((await call(1, 'POST', '/sys/logout', token)).body.success).toBe(true);
    const after = await soon(
      () => call(0, 'GET', '/sys/role/list?pageSize=1', token),
      (r) => r.status === 401,
    );
    expect(after.status).toBe(401);
  });

  it('applies on A at once a menu granted on C', async () => {
    const admin = await signIn('admin', 0, 2);
    const user = 'wangfang';
    const userToken = await signIn(user, 1, 0);
    // the online-users monitor menu guards the metrics route: wangfang does not hold it (A caches that)
    const warmed = Date.now();
    expect((await call(0, 'GET', '/actuator/prometheus', userToken)).status).toBe(403);
    const role = (
      await sqlPool.query(
        `select ur.role_id from sys_user_role ur join sys_user u on u.id = ur.user_id where u.username = $1 order by ur.role_id limit 1`,
        [user],
      )
    ).rows[0].role_id as string;
    const menu = (await sqlPool.query(`select id from sys_permission where url = '/isystem/online' and del_flag = 0`)).rows[0].id as string;
    const held = (await call(2, 'GET', `/sys/permission/queryRolePermission?roleId=${role}`, admin)).body.result as string[];
    const saved = await call(2, 'POST', '/sys/permission/saveRolePermission', admin, {
      roleId: role,
      permissionIds: [...held, menu].join(','),
      lastpermissionIds: held.join(','),
    });
    expect(saved.body.success).toBe(true);
    const now = await soon(
      () => call(0, 'GET', '/actuator/prometheus', userToken),
      (r) => r.status === 200,
    );
    // within the grant cache's 5 s: only the cluster bus can have told A
    expect(Date.now() - warmed).toBeLessThan(5_000);
    expect(now.status).toBe(200);
  });

  it('pushes a notice released on A to sockets connected to B and C', async () => {
    const admin = await signIn('admin', 0, 0);
    const userToken = await signIn('lina', 2, 2);
    const userId = (await sqlPool.query(`select id from sys_user where username = 'lina'`)).rows[0].id as string;
    const received = [1, 2].map(
      (p) =>
        new Promise<{ ws: WebSocket; frames: Promise<Record<string, unknown>> }>((resolve, reject) => {
          const ws = new WebSocket(`${procs[p].url.replace('http', 'ws')}${BASE}/websocket/${userId}`, [userToken]);
          const frames = new Promise<Record<string, unknown>>((got) =>
            ws.on('message', (d) => {
              const f = JSON.parse(String(d)) as Record<string, unknown>;
              if (f.cmd === 'topic') got(f);
            }),
          );
          ws.once('open', () => resolve({ ws, frames }));
          ws.once('error', reject);
        }),
    );
    const sockets = await Promise.all(received);
    const added = await call(0, 'POST', '/sys/annountCement/add', admin, {
      titile: '集群通知',
      msgCategory: '1',
      priority: 'L',
      msgType: 'ALL',
    });
    expect(added.body.success).toBe(true);
    const id = String(added.body.result);
    expect((await call(0, 'GET', `/sys/annountCement/doReleaseData?id=${id}`, admin)).body.success).toBe(true);
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no notice within 5 s')), 5_000));
    for (const s of sockets) expect(await Promise.race([s.frames, timeout])).toMatchObject({ cmd: 'topic', msgId: id, msgTxt: '集群通知' });
    for (const s of sockets) s.ws.close();
  });

  it("relays a table-sync frame of 30 kB (over NOTIFY's 8000 bytes) from A to the same page on B and C", async () => {
    const token = await signIn('admin', 0, 0);
    const userId = (await sqlPool.query(`select id from sys_user where username = 'admin'`)).rows[0].id as string;
    const open = (p: number) =>
      new Promise<{ ws: WebSocket; frame: Promise<Record<string, unknown>> }>((resolve, reject) => {
        const ws = new WebSocket(`${procs[p].url.replace('http', 'ws')}${BASE}/vxeSocket/${userId}/cluster-page`, [token]);
        const frame = new Promise<Record<string, unknown>>((got) =>
          ws.on('message', (d) => {
            const f = JSON.parse(String(d)) as Record<string, unknown>;
            if (f.type === 'update_vxe_table') got(f);
          }),
        );
        ws.once('open', () => resolve({ ws, frame }));
        ws.once('error', reject);
      });
    const [a, b, c] = await Promise.all([open(0), open(1), open(2)]);
    // Chinese text: 3 bytes a character in the NOTIFY payload
    const rows = Array.from({ length: 400 }, (_, i) => ({ id: String(i), accountName: `招商银行股份有限公司第${i}支行` }));
    expect(Buffer.byteLength(JSON.stringify(rows))).toBeGreaterThan(20_000);
    a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { rows } }));
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no frame within 5 s')), 5_000));
    for (const s of [b, c]) expect(await Promise.race([s.frame, timeout])).toEqual({ type: 'update_vxe_table', data: { rows } });
    for (const s of [a, b, c]) s.ws.close();
  });

  it('counts a record added on B in the list total on A at once', async () => {
    const admin = await signIn('admin', 0, 1);
    const total = async () => (await call(0, 'GET', '/sys/role/list?pageNo=1&pageSize=1', admin)).body.result.total as number;
    const before = await total();
    expect(await total()).toBe(before);
    expect((await call(1, 'POST', '/sys/role/add', admin, { roleCode: 'cnt_cluster', roleName: '计数角色' })).body.success).toBe(true);
    expect(await total()).toBe(before + 1);
  });

  it("shows on B at once the new name of a user renamed on A (B's cached names drop)", async () => {
    const admin = await signIn('admin', 0, 0);
    const user = (await sqlPool.query(`select id, realname from sys_user where username = 'zhangwei'`)).rows[0] as {
      id: string;
      realname: string;
    };
    const accountId = `cl-name-${randomBytes(4).toString('hex')}`;
    await sqlPool.query(
      `insert into fin_bank_account (id, account_name, custodian, create_time) values ($1, '集群改名账户', 'zhangwei', now())`,
      [accountId],
    );
    const custodianOnB = async () => {
      const rows = (await call(1, 'GET', `/online/cgform/api/getData/fin_bank_account?pageSize=50&id=${accountId}`, admin)).body.result
        .records as { id: string; custodian_dictText?: string }[];
      return rows.find((r) => r.id === accountId)?.custodian_dictText;
    };
    // B reads the user names into its cache (kept 60 s)
    expect(await custodianOnB()).toBe(user.realname);
    const renamed = await call(0, 'PUT', '/sys/user/edit', admin, { id: user.id, realname: '集群新名' });
    expect(renamed.body.success).toBe(true);
    expect(await soon(custodianOnB, (n) => n === '集群新名')).toBe('集群新名');
    expect((await call(0, 'PUT', '/sys/user/edit', admin, { id: user.id, realname: user.realname })).body.success).toBe(true);
    expect(await soon(custodianOnB, (n) => n === user.realname)).toBe(user.realname);
  });

  it('runs "run once" in the process holding the scheduler lock, whichever process is asked, and shows the same run log on all three', async () => {
    const admin = await signIn('admin', 2, 2);
    const job = (await sqlPool.query(`select id from sys_quartz_job where job_class_name = 'org.jeecg.modules.quartz.job.SampleJob'`))
      .rows[0].id as string;
    const pids = procs.map((p) => p.child.pid);
    for (const p of [0, 1, 2]) {
      const res = await call(p, 'GET', `/sys/quartzJob/execute?id=${job}`, admin);
      expect(res.body).toMatchObject({ success: true, message: '执行成功!' });
      // the sample job takes a moment: the next request may find it still running
      await new Promise((r) => setTimeout(r, 300));
    }
    type Line = { message: string; runner: string };
    const manualLines = async (p: number) =>
      ((await call(p, 'GET', `/sys/quartzJob/runLog?id=${job}`, admin)).body.result as Line[]).filter((l) =>
        l.message.startsWith('普通定时任务 SampleJob 执行'),
      );
    // the lines reach the other processes over the bus, a moment after the run
    let manual: Line[][] = [];
    for (let i = 0; i < 20; i++) {
      manual = await Promise.all([0, 1, 2].map(manualLines));
      if (manual.every((m) => m.length === 3)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const m of manual) expect(m.length).toBe(3);
    const runners = new Set(manual.flat().map((line) => line.runner));
    expect(runners.size).toBe(1);
    const runner = [...runners][0];
    expect(pids).toContain(Number(runner.split(':').pop()));
  });

  it('adds 1,000 records in parallel across the three processes with no id clash', async () => {
    const admin = await signIn('admin', 1, 1);
    const results: boolean[] = [];
    const next = { i: 0 };
    const worker = async () => {
      for (let i = next.i++; i < 1000; i = next.i++) {
        const r = await call(i % 3, 'POST', '/sys/role/add', admin, { roleCode: `cl_${i}`, roleName: `集群角色${i}` });
        results.push(r.body.success);
      }
    };
    await Promise.all(Array.from({ length: 60 }, worker));
    expect(results.filter(Boolean).length).toBe(1000);
    const counts = (
      await sqlPool.query(`select count(*)::int as n, count(distinct id)::int as d from sys_role where role_code like 'cl\\_%'`)
    ).rows[0];
    expect(counts).toEqual({ n: 1000, d: 1000 });
  }, 300_000);
});
