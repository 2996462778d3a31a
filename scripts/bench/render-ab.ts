/**
 * A/B of the warm Chromium render figures of two (or more) client builds under the same load
 * (README "Benchmarks"): the 200-field form (render.ts form200Bench) and the master-detail
 * figures (master-detail.ts: 工资审批's form, the 100-row ERP list, a row's sub table), run in
 * interleaved rounds, one round = every build once, each build on its own server (this
 * checkout's server code, `CLIENT_DIR` = the build) over a copy of one prepared data folder.
 * Prints every warm run and the median per build and figure.
 *
 *   npx tsx scripts/bench/render-ab.ts [--rounds N] [--pieces form200,master-detail] CLIENT_DIR...
 *
 * CLIENT_DIR is a built client folder (`dist/client` of a checkout after `npm run build`).
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/browser.js';
import { projectRoot } from '../../src/server/config.js';
import { startServerProcess, type RunningServer } from './server-process.js';
import { generateRows } from './engine.js';
import { form200Bench, median, signIn } from './render.js';
import { masterDetailBench } from './master-detail.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' }, pieces: { type: 'string', default: 'form200,master-detail' } },
});
const clients = positionals.map((p) => path.resolve(p));
if (!clients.length) throw new Error('usage: render-ab.ts [--rounds N] [--pieces form200,master-detail] CLIENT_DIR...');
const rounds = Number(values.rounds);
const pieces = new Set(values.pieces.split(','));
const password = 'Bench-pass-2026';
const schemas = [path.join(projectRoot, 'schemas'), path.join(projectRoot, 'scripts/bench/schemas')].join(path.delimiter);
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-ab-'));

/** Figure name → warm runs in ms, per build. */
const runs = clients.map(() => new Map<string, number[]>());
function add(i: number, name: string, values: number[]): void {
  runs[i].set(name, [...(runs[i].get(name) ?? []), ...values]);
}

const servers: RunningServer[] = [];
try {
  const seed = path.join(base, 'seed');
  const env = { ADMIN_PASSWORD: password, CAPTCHA: 'off', SCHEMAS_DIR: schemas };
  const port = 18000 + Math.floor(Math.random() * 1000);
  await (await startServerProcess({ port, dataDir: seed, env })).stop();
  await generateRows(seed);
  for (let i = 0; i < clients.length; i++) {
    const dataDir = path.join(base, `data-${i}`);
    fs.cpSync(seed, dataDir, { recursive: true });
    servers.push(await startServerProcess({ port: port + 1 + i, dataDir, env: { ...env, CLIENT_DIR: clients[i] } }));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < clients.length; i++) {
        const url = servers[i].url;
        // a piece that fails (a timeout on a loaded machine) is reported and left out of the round
        const attempt = async (piece: string, run: () => Promise<void>) => {
          try {
            await run();
          } catch (e) {
            console.log(`round ${r + 1}, build ${i}, ${piece}: failed (${(e as Error).message.split('\n')[0]})`);
          }
        };
        if (pieces.has('form200'))
          await attempt('form200', async () => {
            const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
            try {
              await signIn(page, url, password);
              add(i, 'form200 painted', (await form200Bench(page, url)).formWarmRuns);
            } finally {
              await page.close();
            }
          });
        if (pieces.has('master-detail'))
          await attempt('master-detail', async () => {
            const m = await masterDetailBench(browser, url, password);
            add(i, '工资审批 form', m.formWarmRuns);
            add(i, 'ERP list 100 rows', m.listWarmRuns);
            add(i, 'ERP sub table', m.subWarmRuns);
          });
        console.log(`round ${r + 1}, build ${i}: done`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `\nload: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  for (const name of runs[0].keys()) {
    console.log(`\n${name}`);
    clients.forEach((c, i) => {
      const v = runs[i].get(name) ?? [];
      console.log(`  ${median(v).toFixed(0).padStart(5)} ms median   ${c}   (${v.map((n) => n.toFixed(0)).join(', ')})`);
    });
  }
} finally {
  for (const s of servers) await s.stop();
  fs.rmSync(base, { recursive: true, force: true });
}
