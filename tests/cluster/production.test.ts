import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabase, type ThrowawayDatabase } from './admin-sql.js';
import { SERVER_ARGS, startServerProcess, type RunningServer } from '../../scripts/bench/server-process.js';
import { loadConfig } from '../../src/server/config.js';
import { configReads, nginxExample, pathsNamed, productionSection, startCommand, subsection, variablesNamed } from './readme-production.js';

// README.md's "Running in production" checked against the server: what it names exists and
// answers as written, on three API processes on one PostgreSQL database started the way it
// says; and the sign-in limits hold across the three as on one.
const section = productionSection();
const command = startCommand(section);
const config = loadConfig({});

describe("README's production section names what the server reads", () => {
  it('names only environment variables the server configuration reads', () => {
    const named = variablesNamed(section);
    expect(named).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATA_DIR', 'PORT', 'TRUST_PROXY']));
    expect(named.filter((name) => !configReads(name))).toEqual([]);
  });

  it('shows the start command the cluster tests start their processes with', () => {
    expect(command.program).toBe('node');
    expect(command.args).toEqual(SERVER_ARGS);
    expect(Object.keys(command.env)).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'DATA_DIR']));
  });

  it("gives an nginx example that balances over several processes and passes WebSockets' upgrade", () => {
    const conf = nginxExample(section);
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(conf);
    expect(upstream, 'an upstream block').toBeTruthy();
    const [, name, body] = upstream!;
    expect(body.match(/^\s*server\s+\S+;/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    const location = /location\s+\/\s*\{([^}]*)\}/.exec(conf)?.[1] ?? '';
    const directives = location.split('\n').map((l) => l.replace(/#.*/, '').trim().replace(/\s+/g, ' '));
    for (const d of [
      `proxy_pass http://${name};`,
      'proxy_http_version 1.1;',
      'proxy_set_header Upgrade $http_upgrade;',
      'proxy_set_header Connection $connection_upgrade;',
    ])
      expect(directives).toContain(d);
    expect(conf.replace(/\s+/g, ' ')).toContain("map $http_upgrade $connection_upgrade { default upgrade; '' close; }");
    // the proxy's client address is believed only with TRUST_PROXY, which the start command sets
    if (directives.some((d) => d.startsWith('proxy_set_header X-Forwarded-For'))) expect(command.env.TRUST_PROXY).toBeTruthy();
    // the body limit follows UPLOAD_MAX_MB's default
    expect(/client_max_body_size (\d+)m;\s*# UPLOAD_MAX_MB/.exec(conf)?.[1]).toBe(String(config.uploadMaxMb));
    // the socket paths it names are the API's
    for (const socket of conf.match(/\/[\w-]+\/websocket|\/vxeSocket/g) ?? [])
      expect(`${config.apiBase}/websocket ${config.apiBase}/vxeSocket`).toContain(socket);
  });
});

const url = process.env.DATABASE_URL;
const PASSWORD = 'Production-pass-2026';
const PER_ACCOUNT = 5;
const PER_IP = 12;
let db: ThrowawayDatabase | undefined;
const procs: RunningServer[] = [];
const metricsPorts: number[] = [];
const dataDirs: string[] = [];

/** A process started as the README's command says: its variables (the database, port, data dir, proxy trust), plus the test's own. */
function start(target: string): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-prod-'));
  dataDirs.push(dataDir);
  const port = 18000 + Math.floor(Math.random() * 900);
  const metricsPort = port + 1000;
  metricsPorts.push(metricsPort);
  const fromReadme: Record<string, string> = { ...command.env, DATABASE_URL: target, DATA_DIR: dataDir, PORT: String(port) };
  return startServerProcess({
    port,
    dataDir,
    env: {
      ...fromReadme,
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: 'off',
      CAPTCHA: 'off',
      METRICS_PORT: String(metricsPort),
      MAX_EVENT_LOOP_DELAY_MS: '0',
      AUTH_RATE_PER_IP: String(PER_IP),
      AUTH_RATE_PER_ACCOUNT: String(PER_ACCOUNT),
    },
  });
}

beforeAll(async () => {
  if (!url) return;
  db = await throwawayDatabase('obo_prod');
  procs.push(await start(db.url));
  procs.push(...(await Promise.all([start(db.url), start(db.url)])));
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  await db?.drop();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A sign-in attempt on process `p` (wrong password unless given), from `forwardedFor` behind the proxy when given. */
const attempt = (p: number, username: string, opts: { password?: string; forwardedFor?: string } = {}) =>
  fetch(`${procs[p].url}${config.apiBase}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}) },
    body: JSON.stringify({ username, password: opts.password ?? 'wrong-password' }),
  });

describe.skipIf(!url)('three processes started as the README says', () => {
  it('are started with the command and variables the README shows', () => {
    for (const p of procs) {
      expect(p.child.spawnargs.slice(1)).toEqual(command.args);
      const environ = fs.readFileSync(`/proc/${p.child.pid}/environ`, 'utf8').split('\0');
      for (const name of Object.keys(command.env))
        expect(environ.some((e) => e.startsWith(`${name}=`) && e.length > name.length + 1)).toBe(true);
      expect(environ).toContain(`TRUST_PROXY=${command.env.TRUST_PROXY}`);
    }
  });

  it('answer the health, readiness and metrics paths as the README describes', async () => {
    const health = subsection(section, 'Health, metrics, load shedding, shutdown');
    const paths = pathsNamed(section);
    expect(paths.length).toBeGreaterThanOrEqual(5);
    const up = JSON.parse(/`(\{"status":"UP"\})`/.exec(health)?.[1] ?? 'null') as unknown;
    expect(up).toEqual({ status: 'UP' });
    const metricNames = [...health.matchAll(/`([a-z_]+)(?:\*|\{([a-z_,]+)\})?`/g)].filter((m) => m[1].includes('_'));
    expect(metricNames.map((m) => m[1])).toEqual(expect.arrayContaining(['http_request_duration_seconds', 'db_pool_connections']));
    const token = (await (await attempt(0, 'admin', { password: PASSWORD })).json()).result.token as string;
    const checkMetrics = (text: string) => {
      for (const [, name, labels] of metricNames) {
        expect(text).toContain(name);
        for (const label of labels?.split(',') ?? []) expect(text).toMatch(new RegExp(`${name}[a-z_]*\\{[^}]*\\b${label}="`));
      }
    };
    for (const [i, p] of procs.entries()) {
      // a refused request first: the error counter has a series to show
      expect((await fetch(`${p.url}${config.apiBase}/actuator/prometheus`)).status).toBe(401);
      for (const raw of paths) {
        if (raw.startsWith('http')) {
          // the separate metrics listener: the README's port stands for METRICS_PORT
          const res = await fetch(raw.replace(/:\d+\//, `:${metricsPorts[i]}/`));
          expect(res.status).toBe(200);
          checkMetrics(await res.text());
          continue;
        }
        const full = raw.startsWith(config.apiBase) ? raw : `${config.apiBase}${raw}`;
        if (full.endsWith('/prometheus')) {
          expect((await fetch(`${p.url}${full}`)).status).toBe(401);
          const res = await fetch(`${p.url}${full}`, { headers: { 'x-access-token': token } });
          expect(res.status).toBe(200);
          checkMetrics(await res.text());
          continue;
        }
        const res = await fetch(`${p.url}${full}`);
        expect(res.status, full).toBe(200);
        if (!full.endsWith('/readiness')) expect(await res.json()).toEqual(up);
      }
    }
  });

  it('refuse sign-in tries on one account spread over A, B and C after the same limit as on one process', async () => {
    const allowed = async (order: number[], username: string) => {
      let n = 0;
      for (const p of order) {
        const res = await attempt(p, username, { forwardedFor: `198.51.100.${n + 1}` });
        if (res.status === 429) break;
        expect(res.status).toBe(200);
        n++;
      }
      return n;
    };
    const spread = Array.from({ length: PER_ACCOUNT * 3 }, (_, i) => i % 3);
    const alone = Array.from({ length: PER_ACCOUNT * 3 }, () => 0);
    expect(await allowed(alone, 'rl_alone')).toBe(PER_ACCOUNT);
    expect(await allowed(spread, 'rl_spread')).toBe(PER_ACCOUNT);
    // refused on every process now, with the Chinese answer
    for (const p of [0, 1, 2]) {
      const res = await attempt(p, 'rl_spread', { forwardedFor: '198.51.100.99' });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    }
  });

  it('count the tries of one client address behind the proxy together on the three', async () => {
    const client = '203.0.113.7';
    for (let i = 0; i < PER_IP; i++) expect((await attempt(i % 3, `rl_ip_${i}`, { forwardedFor: client })).status).toBe(200);
    for (const p of [0, 1, 2]) expect((await attempt(p, 'rl_ip_last', { forwardedFor: client })).status).toBe(429);
    // another client behind the same proxy is not held back
    expect((await attempt(1, 'rl_ip_other', { forwardedFor: '203.0.113.8' })).status).toBe(200);
  });
});
