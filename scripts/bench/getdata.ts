/**
 * Just the engine's list figure of `npm run bench`, without
 * the client build: `npx tsx scripts/bench/getdata.ts`. Generates the 100,000-row bench_order
 * table, times the getData SQL directly on the database (page + count, with the admin's scope
 * conditions), then load-tests getData page 10 with customer=*abc*, createTime desc, total
 * (autocannon, 10 connections, 10 s) and prints both.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess } from './server-process.js';
import { adminToken, measureEngineList, prepareEngineList, printEngineListFigures } from './engine-list.js';
import { projectRoot } from '../../src/server/config.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-'));
const password = 'Bench-pass-2026';
const port = 18000 + Math.floor(Math.random() * 1000);
process.env.SCHEMAS_DIR = [path.join(projectRoot, 'schemas'), path.join(projectRoot, 'scripts/bench/schemas')].join(path.delimiter);
const serverEnv = { ADMIN_PASSWORD: password, CAPTCHA: 'off', SCHEMAS_DIR: process.env.SCHEMAS_DIR };

async function main() {
  // the first start creates the tables; the rows are generated with the server stopped
  const first = await startServerProcess({ port, dataDir, env: serverEnv });
  await first.stop();
  const prepared = await prepareEngineList(dataDir);
  const server = await startServerProcess({ port, dataDir, env: serverEnv });
  try {
    const measured = await measureEngineList(server, await adminToken(server.url, password));
    printEngineListFigures({ ...prepared, ...measured });
  } finally {
    await server.stop();
  }
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
