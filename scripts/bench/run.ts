/**
 * npm run bench — prints the figures issues set targets for (README "Benchmarks"):
 *  1. the login page in Chromium, cold cache: bytes on the wire (CDP encodedDataLength of every
 *     response) and the time until the password field is usable, medians of 3 (login-page.ts);
 *  2. requests/s and p50/p99 latency of the bank-accounts getData endpoint (autocannon,
 *     10 connections, 10 s, page 10, default sort) on the embedded database, beside the time
 *     of the same SQL run directly on the database in the same run;
 *  3. the generic engine on a generated 100,000-row table (scripts/bench/engine.ts): getData
 *     page 10 with a `*abc*` filter (1% of the rows), createTime desc, with total, beside the
 *     same SQL run directly (engine-list.ts; alone: `npx tsx scripts/bench/getdata.ts`); the
 *     streamed export of all rows (server RSS growth, latency of other requests meanwhile); the
 *     import of 10,000 rows;
 *  4. Chromium: the first opening of 银行账户 from the menu and its first 新增 in fresh sessions,
 *     a 200-field form and a large list page (scripts/bench/render.ts), the largest master-detail
 *     form and a 100-row ERP list with its sub table (scripts/bench/master-detail.ts).
 *  6. the online form designer: save and sync of a 60-field screen, a new field until the list
 *     serves it (scripts/bench/designer.ts; another process's figure needs PostgreSQL);
 *  7. the workflow designer: what of bpmn-js the sign-in, home page and a list load (none), and
 *     the designer's first opening in bytes and ms (scripts/bench/workflow-designer.ts);
 *  5. the first start on a fresh embedded database with the whole demo company seeded (every
 *     business area), from spawning the server until it answers (target < 60 s).
 * Needs the built client (npm run build runs first) and Debian's Chromium.
 */
import os from 'node:os';
import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess } from './server-process.js';
import { measureLoginPage, printLoginPageFigures } from './login-page.js';
import { loadTest, timeDirectSql } from './list-api.js';
import { exportBench, importBench } from './engine.js';
import { measureEngineList, prepareEngineList, printEngineListFigures } from './engine-list.js';
import { projectRoot } from '../../src/server/config.js';
import { printRenderFigures, renderBench } from './render.js';
import { editableTableBench, printEditableTableFigures } from './editable-table.js';
import { designerBench, printDesignerFigures } from './designer.js';
import { printWorkflowDesignerFigures, workflowDesignerBench } from './workflow-designer.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-'));
const password = 'Bench-pass-2026';
const port = 18000 + Math.floor(Math.random() * 1000);
const params = { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' };
// the bench screen (bench_order) is served beside the real ones
process.env.SCHEMAS_DIR = [path.join(projectRoot, 'schemas'), path.join(projectRoot, 'scripts/bench/schemas')].join(path.delimiter);
const serverEnv = { ADMIN_PASSWORD: password, CAPTCHA: 'off', SCHEMAS_DIR: process.env.SCHEMAS_DIR };

async function main() {
  console.log(`bench data folder: ${dataDir}`);
  // first start: fresh database, migrations, the full demo company seed (SEED_DEMO default on)
  const t0 = performance.now();
  let server = await startServerProcess({ port, dataDir, env: serverEnv });
  const firstStartS = (performance.now() - t0) / 1000;
  let direct;
  try {
    console.log('\n== First start (fresh embedded database, full demo seed, until the server answers) ==');
    console.log(`  ${firstStartS.toFixed(1)} s (target < 60 s)`);
    printLoginPageFigures(await measureLoginPage(server.url));

    // direct SQL needs the data folder: stop the server, time, start it again
    await server.stop();
    // with the admin's scope, as the engine adds it (no tenant; no data rule)
    direct = await timeDirectSql(dataDir, 'fin_bank_account', params, 200, [sql`tenant_id = ${0}`]);
    const engineSql = await prepareEngineList(dataDir);
    server = await startServerProcess({ port, dataDir, env: serverEnv });

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

    printEngineListFigures({ ...engineSql, ...(await measureEngineList(server, token)) });

    const exp = await exportBench(server.url, token, server.child.pid as number, url);
    console.log(`\n== Export of all bench_order rows (streamed .xlsx, keyset batches) ==`);
    console.log(`  rows ${exp.rows}, ${(exp.bytes / 1024 / 1024).toFixed(1)} MB in ${exp.seconds.toFixed(1)} s`);
    console.log(
      `  server RSS ${exp.rssBeforeMb.toFixed(0)} MB before, peak ${exp.rssPeakMb.toFixed(0)} MB: growth ${(exp.rssPeakMb - exp.rssBeforeMb).toFixed(0)} MB (target < 150 MB)`,
    );
    console.log(
      `  other requests meanwhile (getData fin_bank_account every 200 ms): ${exp.probes} answered, p50 ${exp.probeP50.toFixed(1)} ms, max ${exp.probeMax.toFixed(1)} ms`,
    );

    const imp = await importBench(server.url, token, 10_000);
    console.log(`\n== Import of 10,000 valid rows (.xlsx) ==`);
    console.log(`  ${imp.seconds.toFixed(2)} s (target ≤ 5 s): code ${imp.code}, ${imp.message}`);

    printDesignerFigures(await designerBench(server.url, token));
    printWorkflowDesignerFigures(await workflowDesignerBench(server.url, password));

    printRenderFigures(await renderBench(server.url, password));
    printEditableTableFigures(await editableTableBench());
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
