/**
 * npm run bench — prints the figures issues set targets for (README "Benchmarks"):
 *  1. gzip bytes of the JS + CSS the login page loads until its form is usable;
 *  2. requests/s and p50/p99 latency of the bank-accounts getData endpoint (autocannon,
 *     10 connections, 10 s, page 10, default sort) on the embedded database, beside the time
 *     of the same SQL run directly on the database in the same run.
 * Needs the built client (npm run build runs first) and Debian's Chromium.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess } from './server-process.js';
import { measureLoginBundle } from './login-bundle.js';
import { loadTest, timeDirectSql } from './list-api.js';

const KiB = 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-'));
const password = 'Bench-pass-2026';
const port = 18000 + Math.floor(Math.random() * 1000);
const params = { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' };

async function main() {
  console.log(`bench data folder: ${dataDir}`);
  let server = await startServerProcess({ port, dataDir, env: { ADMIN_PASSWORD: password, CAPTCHA: 'off' } });
  let direct;
  try {
    const bundle = await measureLoginBundle(server.url);
    console.log('\n== Login page (JS + CSS until the form is usable) ==');
    for (const f of bundle.files) console.log(`  ${f.url.padEnd(48)} ${(f.gzip / KiB).toFixed(1).padStart(7)} KiB gzip`);
    console.log(
      `  total                                            ${(bundle.totalGzip / KiB).toFixed(1).padStart(7)} KiB gzip   (target ≤ 250 KiB)`,
    );

    // direct SQL needs the data folder: stop the server, time, start it again
    await server.stop();
    direct = await timeDirectSql(dataDir, 'fin_bank_account', params);
    server = await startServerProcess({ port, dataDir, env: { ADMIN_PASSWORD: password, CAPTCHA: 'off' } });

    const login = await fetch(`${server.url}/jeecg-boot/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const token = (await login.json()).result.token as string;
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const url = `${server.url}/jeecg-boot/online/cgform/api/getData/fin_bank_account?${query}`;
    await loadTest(url, token, 10, 2); // warm-up
    const figures = await loadTest(url, token, 10, 10);
    console.log('\n== getData fin_bank_account (page 10, createTime desc; 10 connections, 10 s) ==');
    console.log(`  requests/s   ${figures.requestsPerSec.toFixed(0).padStart(8)}   (target ≥ 400)`);
    console.log(`  latency p50  ${figures.p50.toFixed(1).padStart(8)} ms (target ≤ 15 ms)`);
    console.log(`  latency p99  ${figures.p99.toFixed(1).padStart(8)} ms`);
    console.log(`  errors ${figures.errors}, non-2xx ${figures.non2xx}`);
    console.log(
      `  same SQL directly on the database (page + count): median ${direct.medianMs.toFixed(2)} ms, mean ${direct.meanMs.toFixed(2)} ms`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
