/**
 * The engine's list figure, shared by `npm run bench`
 * (run.ts) and the narrow entry getdata.ts: getData of bench_order page 10 with a `*abc*`
 * customer filter (1% of the 100,000 generated rows), createTime desc, total included.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { loadTest, timeDirectSql, type LoadFigures } from './list-api.js';
import { BENCH_ROWS, generateRows } from './engine.js';
import type { RunningServer } from './server-process.js';

/**
 * The request parameters of the figure: "page 10" as the other list figures read it (pages of
 * 10 rows, the first one), so the total is counted (the page is full).
 */
export const ENGINE_LIST_PARAMS = { customer: '*abc*', pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' };

export interface EngineListFigures {
  genSeconds: number;
  total: number;
  load: LoadFigures;
  /** CPU time the server process (HTTP thread and database worker) spent per request, ms: unlike latency, barely moved by other load on the machine. */
  cpuMsPerRequest: number;
  direct: { medianMs: number; meanMs: number };
}

/** The getData url of the figure on a running server. */
export function engineListUrl(baseUrl: string): string {
  const query = new URLSearchParams(Object.entries(ENGINE_LIST_PARAMS).map(([k, v]) => [k, String(v)])).toString();
  return `${baseUrl}/jeecg-boot/online/cgform/api/getData/bench_order?${query}`;
}

/**
 * Generates the rows and times the SQL directly (the server must be stopped: the data folder
 * is locked by it). The direct SQL carries the admin's scope (no tenant: `tenant_id = 0`; no
 * data rule), exactly the conditions the engine adds. Returns the seconds of the generation and
 * the direct timing.
 */
export async function prepareEngineList(dataDir: string): Promise<Pick<EngineListFigures, 'genSeconds' | 'direct'>> {
  const genSeconds = await generateRows(dataDir);
  const direct = await timeDirectSql(dataDir, 'bench_order', ENGINE_LIST_PARAMS, 200, [sql`tenant_id = ${0}`]);
  return { genSeconds, direct };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Checks the answer, warms up 2 s, then load-tests the url (autocannon, 10 connections, 10 s)
 * while counting the server process's CPU time.
 */
export async function measureEngineList(
  server: RunningServer,
  token: string,
): Promise<Pick<EngineListFigures, 'total' | 'load' | 'cpuMsPerRequest'>> {
  const url = engineListUrl(server.url);
  const res = await fetch(url, { headers: { 'X-Access-Token': token } });
  const body = (await res.json()) as { success: boolean; message: string; result: { total: number } };
  if (!body.success) throw new Error(`getData bench_order failed: ${body.message}`);
  await loadTest(url, token, 10, 2); // warm-up
  const pid = server.child.pid as number;
  const cpuBefore = cpuMs(pid);
  const load = await loadTest(url, token, 10, 10);
  const cpuMsPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, load.requestsTotal);
  return { total: body.result.total, load, cpuMsPerRequest };
}

/** Prints the figure beside its targets. */
export function printEngineListFigures(f: EngineListFigures): void {
  console.log(
    `\n== getData bench_order (${BENCH_ROWS} rows generated in ${f.genSeconds.toFixed(1)} s; customer=*abc* → ${f.total} rows, pages of 10, createTime desc, total) ==`,
  );
  console.log(`  requests/s   ${f.load.requestsPerSec.toFixed(0).padStart(8)}   (target ≥ 150)`);
  console.log(`  latency p50  ${f.load.p50.toFixed(1).padStart(8)} ms (target ≤ 25 ms)`);
  console.log(`  latency p99  ${f.load.p99.toFixed(1).padStart(8)} ms`);
  console.log(`  errors ${f.load.errors}, non-2xx ${f.load.non2xx}`);
  console.log(`  server CPU   ${f.cpuMsPerRequest.toFixed(2).padStart(8)} ms per request (HTTP thread + database worker)`);
  console.log(
    `  same SQL directly on the database (page + count): median ${f.direct.medianMs.toFixed(2)} ms, mean ${f.direct.meanMs.toFixed(2)} ms (goal: p50 ≤ 2× that)`,
  );
}

/** Logs in as admin on a running server; returns the token. */
export async function adminToken(baseUrl: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return ((await login.json()) as { result: { token: string } }).result.token;
}
