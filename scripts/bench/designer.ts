/**
 * Designer benchmark (the online form designer, `npm run bench` section 6; alone:
 * `npx tsx scripts/bench/designer.ts`, two processes: `bash scripts/with-postgres.sh npx tsx
 * scripts/bench/designer.ts`): the save (addAll) and the sync to the database (doDbSynch normal)
 * of a 60-field screen, then a 61st field saved and synced on one server process and the time
 * until another process's getColumns serves it. Two processes share a database only on
 * PostgreSQL (DATABASE_URL; they hear each other through LISTEN/NOTIFY); on the embedded database
 * the second figure is the same process's. The screen stays in the bench's throw-away database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess, type RunningServer } from './server-process.js';

type Field = Record<string, unknown>;

/** A 60-field screen of the common widgets (text, numbers, dates, selects, text areas). */
export function screen60(id: string, extra: Field[] = []): Record<string, unknown> {
  const kinds: Field[] = [
    { widget: 'input', dbType: 'string', dbLength: 50 },
    { widget: 'inputNumber', dbType: 'int' },
    { widget: 'date', dbType: 'Date', queryMode: 'range' },
    { widget: 'select', dbType: 'string', dbLength: 2, dictCode: 'sex' },
    { widget: 'textarea', dbType: 'string', dbLength: 500 },
    { widget: 'inputNumber', dbType: 'BigDecimal', dbLength: 18, dbPointLength: 2 },
  ];
  const fields = Array.from({ length: 60 }, (_, i) => ({ name: `f${i + 1}`, title: `字段${i + 1}`, ...kinds[i % kinds.length] }));
  return {
    id,
    title: '设计器基准',
    tableName: id,
    tableType: 'single',
    template: 'normal',
    authPre: `bench:${id}`,
    fields: [...fields, ...extra],
  };
}

async function call(base: string, token: string, method: string, url: string, body?: unknown): Promise<Record<string, any>> {
  const res = await fetch(`${base}/jeecg-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!json.success) throw new Error(`${method} ${url}: ${json.message}`);
  return json;
}

export interface DesignerFigures {
  saveMs: number;
  syncMs: number;
  /** the 61st field: save + sync on the first process */
  changeMs: number;
  /** from the end of that sync until the other process's getColumns lists the field */
  servedElsewhereMs: number;
  twoProcesses: boolean;
}

/**
 * Runs the designer figures against `server` (signed in as `token`), and against `other` — a
 * second process on the same database — when given (else `server` itself).
 */
export async function designerBench(server: string, token: string, other?: { url: string; token: string }): Promise<DesignerFigures> {
  const id = `bench_designer_${Date.now().toString(36)}`;
  let t = performance.now();
  await call(server, token, 'POST', '/online/cgform/api/addAll', { schema: screen60(id) });
  const saveMs = performance.now() - t;
  t = performance.now();
  await call(server, token, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`, {});
  const syncMs = performance.now() - t;
  // the list needs the screen's menu: under 在线开发, granted to the admin
  const parent = (await call(server, token, 'GET', `/sys/permission/list?name=${encodeURIComponent('在线开发')}`)).result.find(
    (m: { name: string }) => m.name === '在线开发',
  );
  await call(server, token, 'POST', '/online/cgform/head/addMenu', { id, parentId: parent.id });
  const watch = other ?? { url: server, token };
  await call(watch.url, watch.token, 'GET', `/online/cgform/api/getColumns/${id}`);
  t = performance.now();
  await call(server, token, 'PUT', '/online/cgform/api/editAll', {
    schema: screen60(id, [{ name: 'f61', title: '新字段', widget: 'input', dbType: 'string', dbLength: 50 }]),
  });
  await call(server, token, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`, {});
  const synced = performance.now();
  const changeMs = synced - t;
  for (;;) {
    // until it has heard of the sync the other process may still call the new version unsynced
    const cols = await call(watch.url, watch.token, 'GET', `/online/cgform/api/getColumns/${id}`).catch(() => null);
    if ((cols?.result.columns as { dataIndex: string }[] | undefined)?.some((c) => c.dataIndex === 'f61')) break;
    if (performance.now() - synced > 30_000) throw new Error('the other process never served the new field');
    await new Promise((r) => setTimeout(r, 5));
  }
  const servedElsewhereMs = performance.now() - synced;
  return { saveMs, syncMs, changeMs, servedElsewhereMs, twoProcesses: !!other };
}

/** Prints the designer figures. */
export function printDesignerFigures(f: DesignerFigures): void {
  console.log('\n== Online form designer: a 60-field screen ==');
  console.log(`  save (addAll)                 ${f.saveMs.toFixed(0).padStart(6)} ms`);
  console.log(`  sync to the database (normal) ${f.syncMs.toFixed(0).padStart(6)} ms`);
  console.log(`  61st field: save + sync       ${f.changeMs.toFixed(0).padStart(6)} ms`);
  console.log(
    f.twoProcesses
      ? `  then served by another server process (PostgreSQL, LISTEN/NOTIFY) after ${f.servedElsewhereMs.toFixed(0)} ms`
      : `  then served by the same process after ${f.servedElsewhereMs.toFixed(0)} ms (two processes need PostgreSQL: bash scripts/with-postgres.sh npx tsx scripts/bench/designer.ts)`,
  );
}

async function signIn(url: string, password: string): Promise<string> {
  const res = await fetch(`${url}/jeecg-boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/** Alone: one server process on a fresh embedded database, or two on DATABASE_URL. */
async function main(): Promise<void> {
  const password = 'Bench-pass-2026';
  const env = { ADMIN_PASSWORD: password, CAPTCHA: 'off', SEED_DEMO: 'off' };
  const dirs = [
    fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-designer-')),
    fs.mkdtempSync(path.join(os.tmpdir(), 'obo-bench-designer-')),
  ];
  const port = 19000 + Math.floor(Math.random() * 500);
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServerProcess({ port, dataDir: dirs[0], env }));
    if (process.env.DATABASE_URL) servers.push(await startServerProcess({ port: port + 1, dataDir: dirs[1], env }));
    const token = await signIn(servers[0].url, password);
    const other = servers[1] ? { url: servers[1].url, token: await signIn(servers[1].url, password) } : undefined;
    printDesignerFigures(await designerBench(servers[0].url, token, other));
  } finally {
    for (const s of servers) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
